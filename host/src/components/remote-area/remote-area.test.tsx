import type { ReactNode } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { loadRemoteModule, retryRemote } from '../../federation/remote-registry';
import { resolveHostShare } from '../../federation/host-wins-share-plugin';
import { RemoteArea } from './remote-area';

jest.mock('../../federation/remote-registry', () => ({
  loadRemoteModule: jest.fn(),
  retryRemote: jest.fn(),
}));

const loadMock = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const retryMock = retryRemote as jest.MockedFunction<typeof retryRemote>;

interface FakeRoutes {
  pages: { eventList: () => string };
}
const routesModule: FakeRoutes = { pages: { eventList: () => 'The events list' } };

/**
 * Stands in for the registry: one load per "generation" (the same promise on every render, as the
 * real registry caches it), and retryRemote starts the next generation.
 */
function remoteThatAnswers(...outcomes: Array<'down' | 'up' | 'pending'>) {
  let generation = 0;
  const loads = new Map<number, Promise<unknown>>();
  let release: (value: unknown) => void = () => undefined;
  loadMock.mockImplementation(<T,>() => {
    if (!loads.has(generation)) {
      const outcome = outcomes[Math.min(generation, outcomes.length - 1)];
      const promise =
        outcome === 'down'
          ? Promise.reject(new Error('Failed to fetch http://localhost:3001/mf-manifest.json'))
          : outcome === 'up'
            ? Promise.resolve(routesModule)
            : new Promise((resolve) => (release = resolve));
      loads.set(generation, promise);
    }
    return loads.get(generation) as Promise<T>;
  });
  retryMock.mockImplementation(() => {
    generation += 1;
  });
  return { release: (value: unknown) => release(value) };
}

/**
 * Renders inside an awaited act(): React 19 only retries a component suspended on `use()` when the
 * promise settles within an act scope (or outside any act environment).
 */
async function renderArea(renderModule: (module: FakeRoutes) => ReactNode) {
  await act(async () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <header>Site header</header>
        <RemoteArea<FakeRoutes> remote="events" exposed="routes" label="Events" variant="page" render={renderModule} />
        <footer>Site footer</footer>
      </FluentProvider>,
    );
  });
}

/** Presses Retry and lets the new load settle, as the user would wait for it. */
async function pressRetry() {
  const button = screen.getByRole('button', { name: 'Retry' });
  await act(async () => {
    await userEvent.click(button);
  });
}

/** Fluent's first render in a file is slow on a busy machine. */
const slow = { timeout: 5000 };
jest.setTimeout(20000);

const renderEventList = (module: FakeRoutes) => <p>{module.pages.eventList()}</p>;

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React logs every error an error boundary catches; the tests assert on what the user sees instead.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  jest.clearAllMocks();
});

describe('RemoteArea (fault isolation around every remote route and widget)', () => {
  it('loads the exposed module of its remote and renders it', async () => {
    remoteThatAnswers('up');
    await renderArea(renderEventList);
    expect(await screen.findByText('The events list', undefined, slow)).toBeInTheDocument();
    expect(loadMock).toHaveBeenCalledWith('events', 'routes');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a loading placeholder while the remote loads', async () => {
    const remote = remoteThatAnswers('pending');
    await renderArea(renderEventList);
    expect(await screen.findByText('Loading Events…', undefined, slow)).toBeInTheDocument();
    expect(screen.getByText('Site header')).toBeInTheDocument();
    await act(async () => remote.release(routesModule));
    expect(await screen.findByText('The events list', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByText('Loading Events…')).not.toBeInTheDocument();
  });

  it("shows 'Events is not available right now.' with Retry when the remote is down; the rest of the page stays", async () => {
    remoteThatAnswers('down', 'up');
    await renderArea(renderEventList);
    const message = await screen.findByRole('alert', undefined, slow);
    expect(message).toHaveTextContent('Events is not available right now.');
    expect(within(message).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('Site header')).toBeInTheDocument();
    expect(screen.getByText('Site footer')).toBeInTheDocument();
    expect(screen.queryByText('The events list')).not.toBeInTheDocument();
  });

  it('Retry calls retryRemote for this remote and then renders the module', async () => {
    remoteThatAnswers('down', 'up');
    await renderArea(renderEventList);
    await pressRetry();
    expect(retryMock).toHaveBeenCalledTimes(1);
    expect(retryMock).toHaveBeenCalledWith('events');
    expect(await screen.findByText('The events list', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Retry while the remote is still down shows the message again', async () => {
    remoteThatAnswers('down', 'down', 'up');
    await renderArea(renderEventList);
    await pressRetry();
    expect(retryMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert', undefined, slow)).toHaveTextContent('Events is not available right now.');
    await pressRetry();
    expect(retryMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('The events list', undefined, slow)).toBeInTheDocument();
  });

  it('contains a render function that throws: the area shows the message, sibling content still renders', async () => {
    remoteThatAnswers('up');
    let broken = true;
    await renderArea((module) => {
      if (broken) throw new Error('Cannot read properties of undefined (reading "map")');
      return renderEventList(module);
    });
    expect(await screen.findByRole('alert', undefined, slow)).toHaveTextContent('Events is not available right now.');
    expect(screen.getByText('Site header')).toBeInTheDocument();
    expect(screen.getByText('Site footer')).toBeInTheDocument();

    // Once it renders again (a fixed release), Retry brings the area back without a page reload.
    broken = false;
    await pressRetry();
    expect(await screen.findByText('The events list', undefined, slow)).toBeInTheDocument();
  });

  it('says the area must be re-released when the host-wins plugin refused it for a shared version', async () => {
    // What the plugin does when hub_events asks for a React the host does not have: it records the
    // refusal and the load fails (here the failed load stands in for the runtime's rejection).
    const args = {
      shareScopeMap: { default: { react: { '19.3.1': { from: 'host', version: '19.3.1' } } } },
      scope: 'default',
      pkgName: 'react',
      version: '19.3.1',
      shareInfo: { from: 'hub_events', shareConfig: { singleton: true, requiredVersion: '^20.0.0' } },
      resolver: () => undefined,
    } as unknown as Parameters<typeof resolveHostShare>[0];
    expect(() => resolveHostShare(args).resolver()).toThrow(
      "The 'hub_events' remote requires react ^20.0.0, but the site provides react 19.3.1",
    );
    remoteThatAnswers('down', 'up');
    await renderArea(renderEventList);

    const message = await screen.findByRole('alert', undefined, slow);
    expect(message).toHaveTextContent('Events cannot be shown with this version of the site.');
    expect(message).toHaveTextContent(
      'This part of the site was built for a different version of the site and must be re-released by its team.',
    );
    expect(message).toHaveTextContent('It requires react ^20.0.0; the site provides react 19.3.1.');
    expect(screen.getByText('Site header')).toBeInTheDocument();

    // Retry forgets the refusal and loads again: a compatible release shows the area.
    await pressRetry();
    expect(await screen.findByText('The events list', undefined, slow)).toBeInTheDocument();
  });
});
