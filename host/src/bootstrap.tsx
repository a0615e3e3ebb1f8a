import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { logger, setAppConfig, startIdentity, type AppConfig } from '@hub/shared';
import { App } from './app/app';
import { createSiteRouter, leafRouteId, siteRoutes } from './app/create-site-router';
import { createStyleRenderer } from './app/style-renderer';
import { fetchRemotesManifest, registerRemotesFrom } from './federation/remote-registry';
import { canHydrate, readPrerenderedPage } from './prerender/prerendered-page';
import { prefetchRoute } from './routing/route-prefetch';
import { buildRouteTable } from './routing/route-table';
import { registerServiceWorker } from './service-worker/register-service-worker';

async function fetchAppConfig(): Promise<Partial<AppConfig>> {
  try {
    const response = await fetch('/app-config.json', { cache: 'no-store' });
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
  const [config, remotes] = await Promise.all([
    fetchAppConfig(),
    fetchRemotesManifest().catch((error: unknown) => {
      // Without the remotes list the shell still works: every remote area shows its Retry message.
      logger.error('Could not read /remotes.json', error);
      return {};
    }),
  ]);
  const { product } = setAppConfig(config);
  registerRemotesFrom(remotes);
  // Restores a stored session (loading Firebase only if there is one); guards wait for it.
  startIdentity().catch((error: unknown) => logger.error('Could not start the identity layer', error));
  // A remote page's code and first requests start now, before React has rendered anything (the
  // route's loader would start them only after the whole app's first render: about half a second
  // later on a phone). Without a stored session the visitor is known to be anonymous already;
  // with one, nothing starts here (resolveTarget waits for the session), and the loader does it
  // once the guard has read the session, as before.
  prefetchRoute(buildRouteTable(product.slug), new URL(window.location.href), { data: true, navigation: true });
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');

  // The build prerendered this page (host/src/prerender/): take its markup over when it was
  // rendered for this route; otherwise (the generic shell served for remote routes) render afresh,
  // which replaces the shell's placeholder frame in one commit.
  const route = leafRouteId(siteRoutes(product.slug), window.location.pathname) ?? '';
  const hydrate = canHydrate(readPrerenderedPage(root), {
    route,
    productName: product.name,
    productSlug: product.slug,
  });
  const app = (
    <App
      router={createSiteRouter(product.slug, hydrate)}
      renderer={createStyleRenderer(document)}
      targetDocument={document}
    />
  );
  if (hydrate) {
    hydrateRoot(root, app);
  } else {
    document.title = product.name;
    // The shell's HTML stays on screen until the first commit, so nothing is lost by rendering the
    // app as a transition: React then yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree (long tasks are what Lighthouse's TBT counts), and
    // the remote's code and data arriving meanwhile are handled at once (issue 14).
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
  void registerServiceWorker();
}

start().catch((error: unknown) => console.error('Application bootstrapping error', error));
