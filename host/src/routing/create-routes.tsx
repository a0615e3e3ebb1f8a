import type { RouteObject } from 'react-router';
import { hubStore } from '@hub/shared';
import type { RouteEntry } from './route-table';
import { guardLoader } from './route-guard';
import { withProfileCompletion } from './profile-completion-guard';
import { RouteTargetElement, VariantRouteElement } from './route-element';
import { RootLayout } from './root-layout';
import { SiteLayout } from '../app/site-layout';
import { StartupProgress } from './startup-progress';
import { prefetchRoute } from './route-prefetch';
import { anyFirstLoadFrame, FirstLoadFrame } from '../components/remote-page/first-load-frame';
import { RouteErrorPage } from '../pages/route-error/route-error-page';

/**
 * The first navigation's placeholder in the site's frame: the remote screen's frame when the HTML
 * came with one (only the first navigation waits here, and it is that page's), else progress.
 */
function FirstNavigationPlaceholder() {
  const frame = anyFirstLoadFrame();
  return frame ? <FirstLoadFrame screen={frame.screen} html={frame.html} /> : <StartupProgress />;
}

export const rootRouteId = 'root';

/** A route's id is its path ('home' for the dashboard), so a prerendered page can name the route it shows. */
export const routeIdOf = (path: string) => path || 'home';

/** Turns the route table into react-router routes under one parent, each guarded by its loader. */
export function createRoutes(table: RouteEntry[], store = hubStore): RouteObject[] {
  const byPath = new Map<string, RouteEntry[]>();
  for (const entry of table) byPath.set(entry.path, [...(byPath.get(entry.path) ?? []), entry]);

  const children: RouteObject[] = [...byPath.entries()].map(([path, entries]) => {
    const first = entries[0]!;
    const element =
      entries.length === 1 ? <RouteTargetElement target={first.target} /> : <VariantRouteElement entries={entries} />;
    const guarded = withProfileCompletion(guardLoader(first.access, store), store);
    // Once the guards let the user through, the screen's code and its first requests start
    // together, instead of the requests waiting for the code to render (issue 14).
    // `hydrate`: on a page prerendered at build time (prerender/), the route renders at once with
    // the prerendered markup while its guard runs, rather than waiting for the guard (create-site-router.ts).
    const loader = Object.assign(
      async (args: { request: Request }) => {
        const result = await guarded(args);
        prefetchRoute(table, new URL(args.request.url), { data: true, navigation: true, store });
        return result;
      },
      { hydrate: true },
    );
    const id = routeIdOf(path);
    // A screen that fails (its code cannot load: offline, or gone with a release) shows the site's
    // error screen in the main region, the header and footer around it (issue 23). Part of the main
    // bundle: its own code must not need loading.
    const errorElement = <RouteErrorPage />;
    return path === ''
      ? { id, index: true, loader, element, errorElement }
      : { id, path, loader, element, errorElement };
  });

  // The first navigation waits for the auth flag (a signed-in visitor's session is restored first):
  // show progress in the site's frame meanwhile, as the prerendered shell does, so the header and
  // footer stay where the HTML put them instead of disappearing and coming back (a layout shift).
  return [
    {
      id: rootRouteId,
      path: '/',
      element: <RootLayout table={table} />,
      hydrateFallbackElement: <SiteLayout page={<FirstNavigationPlaceholder />} />,
      // Whatever fails outside a screen (the site's frame itself): the same screen, in the frame.
      errorElement: <SiteLayout page={<RouteErrorPage />} />,
      children,
    },
  ];
}
