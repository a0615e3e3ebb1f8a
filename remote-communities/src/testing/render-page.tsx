import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { authStatusAtom, fallbackUser, hubStore, requestCache, userInfoAtom, type UserInfo } from '@hub/shared';

// findBy/waitFor give up after 1 s by default; on a loaded machine Fluent and jsdom can take longer.
configure({ asyncUtilTimeout: 5000 });

export interface RenderPageOptions {
  /** The URL the page is shown at. */
  url?: string;
  /** The route pattern, so that useParams works as on the site. */
  pattern?: string;
  /** The signed-in user; leave out for an anonymous visitor. */
  user?: UserInfo;
  /** Keep what the shared cache holds from earlier renders (to test caching); by default it starts empty. */
  keepCache?: boolean;
}

/**
 * Renders a screen the way the host does: the one shared store (the dialogs, the auth state and
 * the clients use it directly), a Fluent theme and a router. Every call starts from an empty cache unless told otherwise.
 */
export function renderPage(ui: ReactElement, { url = '/', pattern = '*', user, keepCache = false }: RenderPageOptions = {}) {
  if (!keepCache) requestCache.clear();
  hubStore.set(userInfoAtom, user ?? fallbackUser);
  hubStore.set(authStatusAtom, user ? 'loggedIn' : 'loggedOut');
  const location = { current: '' };
  function LocationProbe() {
    const l = useLocation();
    location.current = `${l.pathname}${l.search}`;
    return null;
  }
  const result = render(
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
    </Provider>,
  );
  return { ...result, location };
}
