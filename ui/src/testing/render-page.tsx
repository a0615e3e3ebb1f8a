import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import {
  createMemoryRouter,
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  authStatusAtom,
  createHubQueryClient,
  fallbackUser,
  hubStore,
  userInfoAtom,
  type AuthStatus,
  type HubStore,
  type UserInfo,
  Provider,
  type WritableAtom,
} from '@hub/shared';
import { isTouched, rememberOnce } from './store-restore';
import { HubToaster } from '../toaster/toaster';

/**
 * The one jotai store (shared's hubStore: the dialogs, the auth flow and the clients use it
 * directly, so a test must render with the same one), seen through a handle that remembers what
 * each atom held before a test changed it. After each test the harness puts it back, so tests in
 * one file cannot leak state into each other although they share the store.
 */
export interface TestStore {
  get: HubStore['get'];
  set<V>(atom: WritableAtom<V, [V], unknown>, value: V): void;
}

/** The shared store as tests may change it before rendering (every change is undone after the test). */
export const hubTestStore: TestStore = {
  get: hubStore.get,
  set(atom, value) {
    const previous = hubStore.get(atom);
    rememberOnce(atom, () => hubStore.set(atom, previous));
    hubStore.set(atom, value);
  },
};

export interface RenderPageOptions {
  /** The URL the page is shown at (with its query). */
  url?: string;
  /** The route pattern, so that useParams works as on the site; other paths render "Another page". */
  pattern?: string;
  /** The signed-in user; leave out for an anonymous visitor. */
  user?: UserInfo;
  /** The auth status; by default loggedIn when a user is given, loggedOut otherwise. */
  status?: AuthStatus;
  /** Sets further shared state before the first render (undone after the test). */
  setup?: (store: TestStore) => void;
  /** Keep the previous render's QueryClient and what it holds (to test caching); by default each render gets a fresh one. */
  keepCache?: boolean;
  /** Render the site's toaster beside the page (default), or leave it to the UI under test (the host's layout). */
  toaster?: boolean;
  /**
   * A data router (createMemoryRouter), as the host's createBrowserRouter, for a screen that uses
   * what only a data router offers (useBlocker); by default a MemoryRouter.
   */
  dataRouter?: boolean;
}

/** What a test can ask the router: where it is now, and to go somewhere else. */
export interface TestRouter {
  /** The path and query the router shows now. */
  readonly current: string;
  readonly pathname: string;
  navigate(to: string): Promise<void>;
}

/** The query client of the last render; replaced on every render unless `keepCache`. */
let lastClient: QueryClient | undefined;

/**
 * Renders a screen (or a piece of host chrome) the way the site does: the one shared store, a
 * fresh TanStack QueryClient per render (no retries, so a failure shows at once), a Fluent theme,
 * a router with a probe that records where it went, and the site's toaster (as the host renders it).
 */
export function renderPage(
  ui: ReactElement,
  {
    url = '/',
    pattern = '*',
    user,
    status,
    setup,
    keepCache = false,
    toaster = true,
    dataRouter = false,
  }: RenderPageOptions = {},
) {
  // A test that set the user or the status on hubTestStore before rendering keeps what it set.
  if (user || !isTouched(userInfoAtom)) hubTestStore.set(userInfoAtom, user ?? fallbackUser);
  if (status || user || !isTouched(authStatusAtom)) {
    hubTestStore.set(authStatusAtom, status ?? (user ? 'loggedIn' : 'loggedOut'));
  }
  setup?.(hubTestStore);
  const queryClient = keepCache && lastClient ? lastClient : freshQueryClient();
  lastClient = queryClient;

  let pathname = '';
  let current = '';
  let navigateTo: NavigateFunction | undefined;
  function RouterProbe() {
    const location = useLocation();
    pathname = location.pathname;
    current = `${location.pathname}${location.search}`;
    navigateTo = useNavigate();
    return null;
  }
  const result = render(
    <Provider store={hubStore}>
      <QueryClientProvider client={queryClient}>
        <FluentProvider theme={webLightTheme}>
          {dataRouter ? (
            <RouterProvider
              router={createMemoryRouter(
                [
                  {
                    path: pattern,
                    element: (
                      <>
                        <RouterProbe />
                        {ui}
                      </>
                    ),
                  },
                  ...(pattern !== '*'
                    ? [
                        {
                          path: '*',
                          element: (
                            <>
                              <RouterProbe />
                              <p>Another page</p>
                            </>
                          ),
                        },
                      ]
                    : []),
                ],
                { initialEntries: [url] },
              )}
            />
          ) : (
            <MemoryRouter initialEntries={[url]}>
              <RouterProbe />
              <Routes>
                <Route path={pattern} element={ui} />
                {pattern !== '*' && <Route path="*" element={<p>Another page</p>} />}
              </Routes>
            </MemoryRouter>
          )}
          {toaster && <HubToaster />}
        </FluentProvider>
      </QueryClientProvider>
    </Provider>,
  );
  const router: TestRouter = {
    get current() {
      return current;
    },
    get pathname() {
      return pathname;
    },
    navigate: (to) =>
      act(async () => {
        await navigateTo?.(to);
      }),
  };
  return { ...result, store: hubTestStore, router, queryClient };
}

/** The site's defaults (SPEC §7's 10 minutes) on a fresh client, without retries so a failure shows at once. */
function freshQueryClient(): QueryClient {
  lastClient?.clear();
  const queryClient = createHubQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
    mutations: { retry: false },
  });
  return queryClient;
}

/** A signed-in user, with overrides. */
export function aUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    ...fallbackUser,
    userId: 'uid-1',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@hub.test',
    phoneNumber: '',
    city: 'Utrecht',
    roles: [3],
    permissions: [3],
    ...overrides,
  };
}
