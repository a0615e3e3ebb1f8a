import { logger, setAppConfig, startIdentity, type AppConfig } from '@hub/shared';
import { fetchRemotesManifest, registerRemotesFrom } from './federation/remote-registry';
import { nextTask, runInNextTask } from '@hub/ui/next-task';
import { noteAppStarted, takeEarlyAppConfig } from './federation/early-remote-start';
import { prerenderedAttribute } from './app/prerendered-page';
import { prefetchRoute } from './routing/route-prefetch';
import { buildRouteTable } from './routing/route-table';
import { registerServiceWorker } from './service-worker/register-service-worker';
import { startErrorReporting } from './observability/error-reporting';

async function fetchAppConfig(): Promise<Partial<AppConfig>> {
  try {
    const read = () => fetch('/app-config.json', { cache: 'no-store' });
    // An anonymous visit to a remote page read it already, from the HTML (early-remote-start.ts).
    const response = await (takeEarlyAppConfig()?.catch(read) ?? read());
    return response.ok ? ((await response.json()) as Partial<AppConfig>) : {};
  } catch (error) {
    logger.error('Could not read /app-config.json; using defaults', error);
    return {};
  }
}

async function start() {
  // The host release this page runs (its build id), beside its version events on the page element:
  // what a support person or a release test reads to tell which version of the shell is loaded.
  document.documentElement.dataset.hubBuild = __HUB_BUILD_ID__;
  // The rendering half (render-site.tsx), evaluated in tasks of its own after this one: its files
  // are already here (the start-up's files hold both halves, startup-chunks.js), and evaluating
  // everything in the task of the last file's arrival was one task of 45–50 ms of CPU here, ×4 on a
  // phone (docs/decisions.md, session 43). React DOM first, then the site's frame; both named as
  // render-site's chunk group, so that nothing outside the start-up's files is asked for. Its
  // failure is reported where it is awaited.
  const rendering = nextTask()
    .then(() => import(/* webpackChunkName: "render-site" */ 'react-dom/client'))
    .then(nextTask)
    .then(() => import(/* webpackChunkName: "render-site" */ './render-site'));
  rendering.catch(() => undefined);
  const [config, remotes] = await Promise.all([
    fetchAppConfig(),
    fetchRemotesManifest().catch((error: unknown) => {
      // Without the remotes list the shell still works: every remote area shows its Retry message.
      logger.error('Could not read /remotes.json', error);
      return {};
    }),
  ]);
  const appConfig = setAppConfig(config);
  const { product } = appConfig;
  registerRemotesFrom(remotes);
  // From here on, uncaught errors, unhandled rejections and failed API calls reach the operators.
  startErrorReporting({
    apiBaseUrl: appConfig.apiBaseUrl,
    remotes,
    table: buildRouteTable(product.slug),
    build: __HUB_BUILD_ID__,
  });
  // Restores a stored session (loading Firebase only if there is one); guards wait for it.
  startIdentity().catch((error: unknown) => logger.error('Could not start the identity layer', error));
  // A remote page's code and first requests start now, before React has rendered anything (the
  // route's loader would start them only after the whole app's first render: about half a second
  // later on a phone). Without a stored session the visitor is known to be anonymous already;
  // with one, nothing starts here (resolveTarget waits for the session), and the loader does it
  // once the guard has read the session, as before. The early start (if it has not asked yet) leaves
  // the rest to the app from here: a preload after the app's own request would ask twice.
  noteAppStarted();
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  const prefetch = () =>
    prefetchRoute(buildRouteTable(product.slug), new URL(window.location.href), { data: true, navigation: true });
  // A page the build did not prerender (a remote's route) is rendered afresh in a task of its own
  // (render-site.tsx), after this one: starting the route's code and requests (the route match, the
  // manifest's snapshot, the first queries: 7–9 ms here, ×4 on a phone) in a task between the two
  // keeps this one, with the identity layer's start, under a phone's 50 ms (issue 14). Posted before
  // the render's task, so it still runs first. A prerendered page is hydrated in this task (React
  // must listen by the page's load), and its route's requests start here as before.
  if (root.hasAttribute(prerenderedAttribute)) prefetch();
  else runInNextTask(prefetch);
  // No yield before it: React must listen to the page's events by the time the page has loaded (a
  // tap on the prerendered page is replayed once hydrated, but one before React listens is lost);
  // the hydration itself is a transition, in slices.
  const { renderSite } = await rendering;
  renderSite(root, product);
  void registerServiceWorker();
}

start().catch((error: unknown) => console.error('Application bootstrapping error', error));
