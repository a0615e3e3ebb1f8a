import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hubStore, themeAtom } from '@hub/shared';
import { runInNextTask } from '@hub/ui/next-task';
import { App, loadDarkTheme } from './app/app';
import { createSiteRouter, leafRouteId, siteRoutes } from './app/create-site-router';
import { createStyleRenderer } from './app/style-renderer';
import { canHydrate, readPrerenderedPage } from './app/prerendered-page';

/**
 * The rendering half of the start-up (bootstrap.tsx): React DOM, the router, Fluent and the site's
 * frame. A chunk group of its own, fetched beside the deploy-time documents, so evaluating it is a
 * task of its own rather than part of one long start-up task on a phone's CPU.
 */
export function renderSite(root: HTMLElement, product: { name: string; slug: string }): void {
  // The build prerendered this page (host/server/prerender/): take its markup over when it was
  // rendered for this route; otherwise (the generic shell served for remote routes) render afresh,
  // which replaces the shell's placeholder frame in one commit.
  const route = leafRouteId(siteRoutes(product.slug), window.location.pathname) ?? '';
  const hydrate = canHydrate(readPrerenderedPage(root), {
    route,
    productName: product.name,
    productSlug: product.slug,
  });
  // Fetched now, so that it is there when hydration is over and the stored choice applies.
  if (hubStore.get(themeAtom) === 'dark') void loadDarkTheme().catch(() => undefined);
  const app = () => (
    <App
      router={createSiteRouter(product.slug, hydrate)}
      renderer={createStyleRenderer(document)}
      targetDocument={document}
      hydrating={hydrate}
    />
  );
  // Rendered as a transition, so React works in slices of a few milliseconds and yields between
  // them (a default-priority first render is one uninterrupted task: Lighthouse's Total Blocking
  // Time on a phone). The page is already painted from HTML: a tap during hydration makes React
  // hydrate its target at once and then handle it; the shell's HTML stays on screen until the
  // first commit, and a remote's code and data arriving meanwhile are handled at once.
  if (hydrate) {
    // In this task: React must listen to the prerendered page by the time it has loaded.
    startTransition(() => void hydrateRoot(root, app()));
    return;
  }
  // The generic shell (a remote's route) has nothing React must answer before its first commit, so
  // creating the root, the router and its first navigation (8–10 ms on this machine, ×4 on a phone)
  // is a task of its own rather than the tail of the start-up's (issue 14), run next. The root too:
  // it attaches React's listeners to the page (about 3 ms), and the start-up's task, with the route's
  // first requests, was still over a phone's 50 ms.
  document.title = product.name;
  runInNextTask(() => {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app()));
  });
}
