import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createHubQueryClient } from '@hub/shared';

export interface RenderInShellOptions {
  path?: string;
  store?: ReturnType<typeof createStore>;
  /** A fresh client per test unless one is passed (to seed what a remote's screen would have loaded). */
  queryClient?: QueryClient;
}

/** What a test can ask the router: where it is now, and to go somewhere else. */
export interface TestRouter {
  readonly pathname: string;
  navigate(to: string): Promise<void>;
}

/**
 * Renders host chrome the way the site does (a query client, a jotai store, a Fluent theme, a
 * router) with a fresh store and query client per test. A MemoryRouter keeps jsdom free of the data router's fetch API needs.
 */
export function renderInShell(
  ui: ReactElement,
  { path = '/', store = createStore(), queryClient = createHubQueryClient() }: RenderInShellOptions = {},
) {
  let location: Location | undefined;
  let navigateTo: NavigateFunction | undefined;
  function RouterProbe() {
    location = useLocation();
    navigateTo = useNavigate();
    return null;
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter initialEntries={[path]}>
            <RouterProbe />
            {ui}
          </MemoryRouter>
        </FluentProvider>
      </Provider>
    </QueryClientProvider>,
  );
  const router: TestRouter = {
    get pathname() {
      return location?.pathname ?? '';
    },
    navigate: (to) =>
      act(async () => {
        await navigateTo?.(to);
      }),
  };
  return { ...result, store, router, queryClient };
}
