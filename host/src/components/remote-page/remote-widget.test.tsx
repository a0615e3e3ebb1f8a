import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { loadRemoteModule } from '../../federation/remote-registry';
import { RemoteWidget } from './remote-widget';
import { forgetDrawnWidgets } from './drawn-widget';

jest.mock('../../federation/remote-registry', () => ({
  loadRemoteModule: jest.fn(),
  retryRemote: jest.fn(),
}));

const loadMock = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;
const widgets = Promise.resolve({
  build: { remote: 'communities', buildId: 'test' },
  widgets: { discoverCommunities: () => 'The communities widget' },
});

/** jsdom has no layout, so no IntersectionObserver: this one reports what a test says is on screen. */
class ScreenObserver {
  static instances: ScreenObserver[] = [];
  readonly observed: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScreenObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed.length = 0;
  }
  /** The browser's report that `element` came on screen. */
  show() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const slow = { timeout: 5000 };
jest.setTimeout(20000);

beforeEach(() => {
  ScreenObserver.instances = [];
  Object.assign(window, { IntersectionObserver: ScreenObserver });
  loadMock.mockReset();
  loadMock.mockImplementation((() => widgets) as typeof loadRemoteModule);
});
afterEach(() => {
  delete (window as Partial<typeof window>).IntersectionObserver;
});

const renderWidget = (whenOnScreen: boolean, container?: HTMLElement) =>
  act(async () =>
    render(
      <FluentProvider theme={webLightTheme}>
        <RemoteWidget
          remote="communities"
          widget="discoverCommunities"
          label="Communities and networks"
          whenOnScreen={whenOnScreen}
        />
      </FluentProvider>,
      container ? { container } : undefined,
    ),
  );

describe('RemoteWidget', () => {
  it('loads its remote at once by default', async () => {
    await renderWidget(false);
    expect(await screen.findByText('The communities widget', undefined, slow)).toBeInTheDocument();
    expect(ScreenObserver.instances).toHaveLength(0);
  });

  it('below the fold, loads nothing until its slot comes on screen', async () => {
    await renderWidget(true);
    expect(loadMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Loading Communities and networks')).toBeInTheDocument();

    await act(async () => ScreenObserver.instances[0]!.show());
    expect(await screen.findByText('The communities widget', undefined, slow)).toBeInTheDocument();
    expect(loadMock).toHaveBeenCalledWith('communities', 'widgets');
  });

  it('below the fold, loads as soon as the visitor scrolls, before it is on screen', async () => {
    await renderWidget(true);
    expect(loadMock).not.toHaveBeenCalled();
    await act(async () => fireEvent.scroll(window));
    expect(await screen.findByText('The communities widget', undefined, slow)).toBeInTheDocument();
  });

  it('loads at once where the browser cannot tell what is on screen', async () => {
    delete (window as Partial<typeof window>).IntersectionObserver;
    await renderWidget(true);
    expect(await screen.findByText('The communities widget', undefined, slow)).toBeInTheDocument();
  });

  describe('with the frame its remote drew in the HTML (issues 24 and 27)', () => {
    /** The page's HTML as the page server drew it: the widget's frame, where the app then renders. */
    const drawnPage = () => {
      const root = document.createElement('div');
      root.innerHTML =
        '<div data-drawn-widget="communities:discoverCommunities"><p>Drawn communities</p><img src="https://img.example/c.svg" alt=""></div>';
      document.body.append(root);
      forgetDrawnWidgets();
      return root;
    };
    afterEach(() => {
      document.body.innerHTML = '';
      forgetDrawnWidgets();
    });

    it('keeps that frame, and no placeholder of its own, until the widget has rendered over it', async () => {
      const root = drawnPage();
      let arrive: (module: Awaited<typeof widgets>) => void = () => undefined;
      // One promise, as the registry keeps one per remote.
      const loading = new Promise<Awaited<typeof widgets>>((resolve) => (arrive = resolve));
      loadMock.mockImplementation((() => loading) as typeof loadRemoteModule);
      await renderWidget(false, root);
      const frame = screen.getByText('Drawn communities');
      // The frame's markup, not a progress bar under it (the one there is a signed-in visitor's, hidden by CSS).
      expect(frame.closest('[data-drawn-widget]')?.querySelector('img')).toHaveAttribute(
        'src',
        'https://img.example/c.svg',
      );
      expect(screen.getAllByRole('progressbar', { hidden: true })).toHaveLength(1);
      await act(async () => arrive(await widgets));
      expect(await screen.findByText('The communities widget', undefined, slow)).toBeInTheDocument();
      expect(screen.queryByText('Drawn communities')).not.toBeInTheDocument();
      expect(frame.isConnected).toBe(false);
    });

    it("gives way to the area's failure, and is not shown again on a later visit", async () => {
      const root = drawnPage();
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      loadMock.mockImplementation((() => Promise.reject(new Error('remote down'))) as typeof loadRemoteModule);
      const { unmount } = await renderWidget(false, root);
      expect(await screen.findByRole('button', { name: 'Retry' }, slow)).toBeInTheDocument();
      expect(screen.queryByText('Drawn communities')).not.toBeInTheDocument();
      unmount();
      loadMock.mockImplementation((() => widgets) as typeof loadRemoteModule);
      await renderWidget(false);
      expect(screen.queryByText('Drawn communities')).not.toBeInTheDocument();
      expect(await screen.findByText('The communities widget', undefined, slow)).toBeInTheDocument();
    });
  });
});
