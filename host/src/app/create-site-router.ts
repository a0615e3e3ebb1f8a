import {
  createBrowserRouter,
  createMemoryRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { createRoutes } from '../routing/create-routes';
import { buildRouteTable } from '../routing/route-table';

export type SiteRouter = ReturnType<typeof createBrowserRouter>;

/** The site's routes for a product slug (`my-{slug}` is one of them). */
export const siteRoutes = (productSlug: string): RouteObject[] => createRoutes(buildRouteTable(productSlug));

/** The id of the route that renders `pathname` (the deepest match: 'about', 'home', '*'…). */
export function leafRouteId(routes: RouteObject[], pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.id;
}

/**
 * What the router is told when it takes over a prerendered page: every matched route is
 * "already loaded", so the first render shows the route's element (as the prerender did) instead
 * of the start-up spinner. The guards still run at once (their loaders are marked `hydrate`), and
 * redirect if they must, as they would have before rendering.
 */
export function prerenderedHydrationData(routes: RouteObject[], pathname: string): HydrationState {
  const loaderData: Record<string, null> = {};
  for (const match of matchRoutes(routes, pathname) ?? []) if (match.route.id) loaderData[match.route.id] = null;
  return { loaderData };
}

/** The browser's router; `hydrate` when the page's markup was prerendered for this very route. */
export function createSiteRouter(productSlug: string, hydrate: boolean): SiteRouter {
  const routes = siteRoutes(productSlug);
  return createBrowserRouter(
    routes,
    hydrate ? { hydrationData: prerenderedHydrationData(routes, window.location.pathname) } : undefined,
  );
}

/**
 * The routes without their loaders: on a server, a guard has no visitor to guard and a route's first
 * reads no browser to fill (the home's `api/home`, which the page server reads itself): the page
 * server would otherwise ask the API once more for every home it draws, from a process whose API
 * address is the browser's.
 */
function withoutLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: withoutLoaders(children) } : route) as RouteObject,
  );
}

/** The build's router for one address, in the state the browser's starts in when it hydrates that page. */
export function createPrerenderRouter(productSlug: string, pathname: string): SiteRouter {
  const routes = withoutLoaders(siteRoutes(productSlug));
  return createMemoryRouter(routes, {
    initialEntries: [pathname],
    hydrationData: prerenderedHydrationData(routes, pathname),
  });
}
