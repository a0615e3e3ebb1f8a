import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { authStatusAtom, createHubQueryClient, fallbackUser, hubStore, userInfoAtom, type UserInfo } from '@hub/shared';

// findBy/waitFor give up after 1 s by default; on a loaded machine Fluent and jsdom can take longer.
configure({ asyncUtilTimeout: 5000 });

export interface RenderPageOptions {
  /** The URL the page is shown at. */
  url?: string;
  /** The route pattern, so that useParams works as on the site. */
  pattern?: string;
  /** The signed-in user; leave out for an anonymous visitor. */
  user?: UserInfo;
  /** Keep what the query cache holds from the previous render (to test caching); by default it starts empty. */
  keepCache?: boolean;
}

/** The query client of the last render: a fresh one per render unless `keepCache`. */
let client: QueryClient = createHubQueryClient();

/** The query client the last rendered page uses (to seed it, or to read what it holds). */
export const testQueryClient = () => client;

/**
 * Renders a screen the way the host does: a query client, the one shared store (the dialogs, the auth state and
 * the clients use it directly), a Fluent theme and a router. Every call starts from an empty cache unless told otherwise.
 */
export function renderPage(
  ui: ReactElement,
  { url = '/', pattern = '*', user, keepCache = false }: RenderPageOptions = {},
) {
  if (!keepCache) {
    client.clear();
    client = createHubQueryClient();
  }
  hubStore.set(userInfoAtom, user ?? fallbackUser);
  hubStore.set(authStatusAtom, user ? 'loggedIn' : 'loggedOut');
  const location = { current: '' };
  function LocationProbe() {
    const l = useLocation();
    location.current = `${l.pathname}${l.search}`;
    return null;
  }
  const result = render(
    <QueryClientProvider client={client}>
      <Provider store={hubStore}>
        <FluentProvider theme={webLightTheme}>
          <MemoryRouter initialEntries={[url]}>
            <LocationProbe />
            <Routes>
              <Route path={pattern} element={ui} />
              {pattern !== '*' && <Route path="*" element={<p>Another page</p>} />}
            </Routes>
          </MemoryRouter>
        </FluentProvider>
      </Provider>
    </QueryClientProvider>,
  );
  return { ...result, location };
}
