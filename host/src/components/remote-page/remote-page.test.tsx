import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { loadRemoteModule } from '../../federation/remote-registry';
import { RemotePage } from './remote-page';

jest.mock('../../federation/remote-registry', () => ({
  loadRemoteModule: jest.fn(),
  retryRemote: jest.fn(),
}));

const loadMock = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

const communitiesRoutes = Promise.resolve({
  build: { remote: 'communities', buildId: 'test' },
  pages: { communityList: () => 'The communities list' },
});

/** Fluent's first render in a file is slow on a busy machine. */
const slow = { timeout: 5000 };
jest.setTimeout(20000);

let consoleError: jest.SpyInstance;
beforeEach(() => {
  // React logs the boundary's caught error; it is expected here.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // One promise per remote, as the real registry caches them: events is down, communities is up.
  const eventsDown = Promise.reject(new Error('Failed to fetch http://localhost:3001/mf-manifest.json'));
  eventsDown.catch(() => undefined);
  loadMock.mockImplementation(((remote: string) =>
    remote === 'events' ? eventsDown : communitiesRoutes) as typeof loadRemoteModule);
});
afterEach(() => consoleError.mockRestore());

describe('RemotePage', () => {
  it('does not carry a failed screen over to the next remote screen', async () => {
    const router = createMemoryRouter(
      [
        { path: '/events', element: <RemotePage remote="events" page="eventList" label="Events" /> },
        {
          path: '/communities',
          element: <RemotePage remote="communities" page="communityList" label="Communities and networks" />,
        },
      ],
      { initialEntries: ['/events'] },
    );
    // Inside an awaited act(): React 19 retries a component suspended on `use()` only within one.
    await act(async () => {
      render(
        <FluentProvider theme={webLightTheme}>
          <RouterProvider router={router} />
        </FluentProvider>,
      );
    });
    expect(await screen.findByText('Events is not available right now.', undefined, slow)).toBeInTheDocument();

    await act(async () => router.navigate('/communities'));
    expect(await screen.findByText('The communities list', undefined, slow)).toBeInTheDocument();
    expect(screen.queryByTestId('remote-unavailable')).not.toBeInTheDocument();
  });
});
