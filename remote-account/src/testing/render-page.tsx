import '@hub/shared/testing/fetch-api-polyfill';
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  authStatusAtom,
  createHubQueryClient,
  fallbackUser,
  userInfoAtom,
  type AuthStatus,
  type UserInfo,
} from '@hub/shared';

// A loaded machine (several jest projects at once) can take more than the default second per find.
configure({ asyncUtilTimeout: 5000 });

export interface RenderPageOptions {
  /** The URL the page is shown at (with its query). */
  path?: string;
  user?: UserInfo;
  status?: AuthStatus;
  /** Sets further shared state before the first render. */
  setup?: (store: ReturnType<typeof createStore>) => void;
}

/**
 * Renders an account screen the way the site does: a fresh query client and jotai store (standing
 * in for the hub's), a Fluent theme and a router, with a probe that records where the router went.
 */
export function renderPage(ui: ReactElement, { path = '/', user, status, setup }: RenderPageOptions = {}) {
  const store = createStore();
  store.set(userInfoAtom, user ?? fallbackUser);
  store.set(authStatusAtom, status ?? (user ? 'loggedIn' : 'loggedOut'));
  setup?.(store);
  const location = { pathname: '' };
  function Probe() {
    location.pathname = useLocation().pathname;
    return null;
  }
  const queryClient = createHubQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter initialEntries={[path]}>
            <Probe />
            <Routes>
              <Route path="*" element={ui} />
            </Routes>
          </MemoryRouter>
        </FluentProvider>
      </Provider>
    </QueryClientProvider>,
  );
  return { ...result, store, location, queryClient };
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
