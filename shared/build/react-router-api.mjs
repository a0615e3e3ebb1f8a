// The router API the apps share: what `react-router` means in every app's bundle (the federation
// share config, create-app-config.cjs, points the `react-router` singleton here). A shared module
// is never tree-shaken, so sharing the package itself put all of it on every page (57 KB gzip,
// server rendering, framework mode and cookie sessions included); naming the client API here lets
// webpack drop the rest. An app that imports a name missing from this list would get `undefined`
// at run time: `shared/build/react-router-api.test.cjs` fails when browser code does that, and a
// name is added here (in a host release first, like any change to a shared module).
export {
  createBrowserRouter,
  createMemoryRouter,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  ScrollRestoration,
  useBeforeUnload,
  useBlocker,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useResolvedPath,
  useRevalidator,
  useRouteError,
  useSearchParams,
} from '@hub/react-router-complete';
