import { createElement, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { authStatusAtom, userInfoAtom, type AuthStatus } from '../auth/auth-state';
import { setAppConfig } from '../config/app-config';
import { setIdTokenProvider } from '../http/id-token-provider';
import { createHubQueryClient, queryClient } from '../query/query-client';
import { hubStore } from '../store/hub-store';
import { fallbackUser, type UserInfo } from '../user/user-info';
import type { FetchMock } from './fake-fetch';

export interface ApiHookSetup {
  /** This test's QueryClient (a fresh one per test). */
  readonly client: QueryClient;
  /** Renders a hook inside this test's QueryClient. */
  wrapper: (props: { children: ReactNode }) => ReactNode;
}

/**
 * What every test of a signed-in API hook sets up and takes down around each test: the API at
 * `http://api.test/`, a bearer token (`id-token`), a fresh QueryClient, the store's user and auth
 * status, and React Query's console errors silenced (the tests provoke failures). After each test
 * both clients are emptied and the store is back to a signed-out visitor. Call once at the top of a
 * test file.
 */
export function setUpApiHooks({ user, authStatus }: { user: UserInfo; authStatus?: AuthStatus }): ApiHookSetup {
  let client: QueryClient | undefined;
  beforeEach(() => {
    setAppConfig({ apiBaseUrl: 'http://api.test/' });
    setIdTokenProvider(async () => 'id-token');
    client = createHubQueryClient();
    hubStore.set(userInfoAtom, user);
    if (authStatus) hubStore.set(authStatusAtom, authStatus);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    client?.clear();
    queryClient.clear();
    hubStore.set(userInfoAtom, fallbackUser);
    hubStore.set(authStatusAtom, 'loggedOut');
    jest.restoreAllMocks();
  });
  const current = () => {
    if (!client) throw new Error('setUpApiHooks: the client exists only while a test runs.');
    return client;
  };
  return {
    get client() {
      return current();
    },
    wrapper: ({ children }) => createElement(QueryClientProvider, { client: current() }, children),
  };
}

/** The requests a fetch stub received, as `METHOD path` below the API's base address. */
export const sentPaths = (fetchMock: FetchMock, from = 0) =>
  fetchMock.mock.calls
    .slice(from)
    .map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace('http://api.test/', '')}`);
