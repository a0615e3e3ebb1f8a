/**
 * The host's page server's one job beyond serving files: the HTML of a public detail page (an event,
 * a community) with its top drawn from the API's answers (detail-frames.tsx), and those answers in
 * the page for the app's first reads (shared/src/http/first-reads.ts). Without it, such a page is
 * the shell (`shell.html`) and its remote draws everything once loaded.
 *
 * Built by the host's build into `dist/_server/render-detail-page.cjs` (host/build/build-page-server.mjs), so
 * each release carries the renderer of its own build; devstack's static server calls it
 * (devstack/src/static-server.ts), and any Node process in front of the host's files can. Whatever
 * goes wrong (no such page, the API slow or down, an unexpected answer) gives null: the caller
 * serves the shell, and the page loads as it did without this.
 */
import { matchPath } from 'react-router';
import { documentTitle } from '@hub/ui/use-page-title';
import { apiUrl, firstReadsElementId, parseId } from '@hub/shared';
import { fillTemplate } from '../prerender/fill-template';
import {
  hideNoncePlaceholderInHtml,
  hideNoncePlaceholderInJson,
  hideNoncePlaceholderInMarkup,
} from '../prerender/nonce-placeholder';
import { renderShell } from '../prerender/render-route';
import { detailFrames, type ReadAnswer } from './detail-frames';

export interface DetailPageRequest {
  /** The address asked for (`/events/31`). */
  pathname: string;
  /**
   * The build's template for these pages (`_server/page-template.html`, written by the prerender):
   * the start-up scripts, the remote routes' inline early start, an empty root.
   */
  template: string;
  /** The API's address, as `/app-config.json` gives it to the browser (deploy-time configuration). */
  apiBaseUrl: string;
  product: { name: string; slug: string };
  /** How long the API may take before the page is served without its top (default 300 ms). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * JSON inside `<script type="application/json">`: nothing in it may close the element or start a
 * comment, nor be taken for the nonce's placeholder (nonce-placeholder.ts).
 */
export function jsonForHtml(value: unknown): string {
  return hideNoncePlaceholderInJson(JSON.stringify(value))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
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

export async function renderDetailPage(request: DetailPageRequest): Promise<string | null> {
  const { pathname, template, apiBaseUrl, product, timeoutMs = 300, fetch: fetchFn = fetch } = request;
  for (const frame of detailFrames) {
    const match = matchPath(frame.pattern, pathname);
    if (!match) continue;
    const id = parseId(match.params.id);
    if (id === null) return null;
    // One deadline for all the page's reads: a slow API costs the visitor this much at most.
    const deadline = AbortSignal.timeout(timeoutMs);
    const read: ReadAnswer = async (path) => {
      const answer = await fetchFn(apiUrl(apiBaseUrl, path), {
        headers: { Accept: 'application/json' },
        signal: deadline,
      });
      return answer.ok ? answer.json() : undefined;
    };
    try {
      const drawn = await frame.draw(id, read);
      if (!drawn) return null;
      const rendered = await renderShell(product, {
        render: pathname,
        screen: frame.screen,
        element: drawn.element,
        dataAt: pathname,
      });
      return fillTemplate(template, {
        // The markup drawn from the answers: its text and addresses are data (nonce-placeholder.ts).
        html: hideNoncePlaceholderInMarkup(rendered.html),
        styles: rendered.styles,
        title: documentTitle(drawn.title, product.name),
        prerendered: null,
        head: `${picturePreload(drawn.picture)}<script type="application/json" id="${firstReadsElementId}">${jsonForHtml(drawn.answers)}</script>`,
      });
    } catch {
      return null;
    }
  }
  return null;
}

/** The routes this renderer draws: the nginx configuration proxies them to the page server (devstack/src/nginx-settings.ts). */
export const detailPagePatterns = detailFrames.map((frame) => frame.pattern);
