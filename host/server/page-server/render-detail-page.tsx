/**
 * The host's page server's one job beyond serving files: the HTML of a public remote screen with the
 * frame its remote draws on the server (issue 14: an event's top from the API's answers, the events
 * list's heading and intro), and a data frame's answers in the page for the app's first reads
 * (shared/src/http/first-reads.ts). The frame comes from the remote's live release, not from this
 * build (issue 25, remote-frames-loader.ts): `/remotes.json` names its manifest, the manifest its
 * server bundle. Without a frame, such a page is its prerendered file or the shell, and its remote
 * draws everything once loaded.
 *
 * Built by the host's build into `dist/_server/render-detail-page.cjs` (host/build/build-page-server.mjs), so
 * each release carries the renderer of its own build; devstack's static server calls it
 * (devstack/src/static-server.ts), and any Node process in front of the host's files can. Whatever
 * goes wrong (no such page, the API or the remote slow or down, an unexpected answer) gives null: the
 * caller serves the page's file, and the page loads as it did without this.
 */
import { matchPath } from 'react-router';
import { documentTitle } from '@hub/ui/use-page-title';
import { fillTemplate } from '../prerender/fill-template';
import { hideNoncePlaceholderInHtml, hideNoncePlaceholderInMarkup } from '../prerender/nonce-placeholder';
import { renderShell } from '../prerender/render-route';
import { buildRouteTable, publicRemoteRoutes } from '../../src/routing/route-table';
import { createRemoteFramesLoader, type RemoteFramesLoader } from './remote-frames-loader';
import { serverFrameShares } from './server-frame-shares';
import { publicReader } from './public-answer';
import { firstReadsScript } from './json-for-html';
import { renderHomePage } from './render-home-page';

export { jsonForHtml } from './json-for-html';

export interface DetailPageRequest {
  /** The address asked for (`/events/31`). */
  pathname: string;
  /** Its query string without the `?` (`sort=members`), '' or none for none. */
  search?: string;
  /**
   * The build's template for these pages (`_server/page-template.html`, written by the prerender):
   * the start-up scripts, the remote routes' inline early start, an empty root.
   */
  template: string;
  /** The API's address, as `/app-config.json` gives it to the browser (deploy-time configuration). */
  apiBaseUrl: string;
  product: { name: string; slug: string };
  /** The deploy-time `/remotes.json` (remote → its live release's manifest address). */
  remotes: Readonly<Record<string, string>>;
  /** How long the API may take before the page is served without its top (default 300 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Where the remotes' frames come from (default: their live releases, remote-frames-loader.ts). */
  loader?: RemoteFramesLoader;
}

/**
 * The top's picture, asked for from the head rather than when the parser reaches it below the page's
 * styles: on a phone it is the page's largest paint. Only an https (or, locally, http) address;
 * anything else (none, or not a picture address) asks for nothing.
 */
function picturePreload(address: string | undefined): string {
  if (!address || !/^https?:\/\//.test(address)) return '';
  const href = address.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<link rel="preload" as="image" href="${hideNoncePlaceholderInHtml(href)}" fetchpriority="high">`;
}

/**
 * The public remote routes (every variant public, not the admin area's) with their screen, those with
 * the fewest parameters first, as the router picks them (`/events/event-list` before `/events/:id`):
 * the pages a remote may draw a frame for. Which of them have one is the remote's live release's to say.
 */
function remoteScreenRoutes(productSlug: string) {
  const table = buildRouteTable(productSlug);
  const publicRoutes = publicRemoteRoutes(table);
  const params = (pattern: string) => pattern.split('/').filter((part) => part.startsWith(':')).length;
  return Object.keys(publicRoutes)
    .sort((a, b) => params(a) - params(b))
    .map((pattern) => {
      const entry = table.find((e) => `/${e.path}` === pattern)!;
      return { pattern, remote: entry.target.owner, screen: entry.target.page };
    });
}

/** One loader per renderer: the remotes' bundles stay loaded for as long as this build serves. */
const remoteFrames = createRemoteFramesLoader({ shares: serverFrameShares });

export async function renderDetailPage(request: DetailPageRequest): Promise<string | null> {
  const { pathname, template, apiBaseUrl, product, remotes, timeoutMs = 300, fetch: fetchFn = fetch } = request;
  const search = request.search ?? '';
  // The address with its query: a frame drawn from data (a grid's view) stands for it alone.
  const address = search === '' ? pathname : `${pathname}?${search}`;
  const loader = request.loader ?? remoteFrames;
  if (pathname === '/') return renderHomePage({ ...request, loader });
  const route = remoteScreenRoutes(product.slug).find((r) => matchPath(r.pattern, pathname));
  const manifestUrl = route && remotes[route.remote];
  if (!route || !manifestUrl) return null;
  const match = matchPath(route.pattern, pathname)!;
  const read = publicReader(apiBaseUrl, timeoutMs, fetchFn);
  try {
    const frame = (await loader.framesOf(manifestUrl))?.[route.screen];
    if (!frame) return null;
    const drawn = await frame.draw({ params: match.params, search, read });
    if (!drawn) return null;
    const rendered = await renderShell(product, {
      render: address,
      screen: `${route.remote}:${route.screen}`,
      element: drawn.element,
      // A frame drawn from data belongs to this one address (first-load-frame.tsx).
      ...(drawn.answers ? { dataAt: address } : {}),
    });
    const answers = firstReadsScript(drawn.answers);
    return fillTemplate(template, {
      // The markup drawn from the answers: its text and addresses are data (nonce-placeholder.ts).
      html: hideNoncePlaceholderInMarkup(rendered.html),
      styles: rendered.styles,
      title: documentTitle(drawn.title, product.name),
      prerendered: null,
      head: `${picturePreload(drawn.picture)}${answers}`,
    });
  } catch {
    return null;
  }
}

/**
 * The routes this renderer may draw (the home with its widgets', render-home-page.tsx): the nginx configuration proxies them to the page server
 * (serving/src/nginx-settings.ts), with the page's file when it does not answer.
 */
export const detailPagePatterns = ['/', ...remoteScreenRoutes('{productSlug}').map((route) => route.pattern)];
