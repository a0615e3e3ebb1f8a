/**
 * Issues 24 and 27: the home (`/`) with its widgets drawn by their remotes, from their live releases'
 * `widgetFrames` (remote-frames-loader.ts) and the API's public answers, which go into the page for
 * the widgets' first reads. On a phone the home's largest paint is the featured event's cover: in
 * this HTML it is asked for by the parser, not once the events area's code and the API's answer
 * have arrived and rendered (docs/decisions.md "The home drawn by the page server").
 *
 * The page is the prerendered home (hydrated, bootstrap.tsx) with the frames in it; the widgets keep
 * them until they render over them (components/remote-page/drawn-widget.tsx). The HTML is the
 * anonymous home for every visitor: a signed-in one sees the placeholder instead (its CSS, marked
 * by the head's session script). No frame drawn (the API slow or down, no remote draws one): null,
 * and the caller serves the prerendered `index.html`, as before.
 */
import type { ReactElement } from 'react';
import { remoteWidgetKeys, type WidgetServerFrame } from '@hub/shared';
import { documentTitle } from '@hub/ui/use-page-title';
import { fillTemplate } from '../prerender/fill-template';
import { hideNoncePlaceholderInMarkup } from '../prerender/nonce-placeholder';
import { renderRoute } from '../prerender/render-route';
import type { RemoteFramesLoader } from './remote-frames-loader';
import { publicReader } from './public-answer';
import { firstReadsScript } from './json-for-html';

export interface HomePageRequest {
  template: string;
  apiBaseUrl: string;
  product: { name: string; slug: string };
  remotes: Readonly<Record<string, string>>;
  timeoutMs?: number;
  fetch?: typeof fetch;
  loader: RemoteFramesLoader;
}

type Drawn = { widget: string; element: ReactElement; answers?: Record<string, unknown> };

export async function renderHomePage(request: HomePageRequest): Promise<string | null> {
  const { template, apiBaseUrl, product, remotes, timeoutMs = 300, fetch: fetchFn = fetch, loader } = request;
  const read = publicReader(apiBaseUrl, timeoutMs, fetchFn);
  // Every widget whose remote's live release draws it, side by side, under the one deadline.
  const drawWidget = async (widget: string, frame: WidgetServerFrame | undefined): Promise<Drawn | null> => {
    const drawn = await frame?.draw({ read }).catch(() => null);
    return drawn ? { widget, ...drawn } : null;
  };
  const drawRemote = async ([remote, widgets]: [string, readonly string[]]) => {
    const manifestUrl = remotes[remote];
    const frames = manifestUrl ? await loader.widgetFramesOf(manifestUrl) : null;
    return frames ? Promise.all(widgets.map((widget) => drawWidget(`${remote}:${widget}`, frames[widget]))) : [];
  };
  try {
    const drawn = (await Promise.all(Object.entries(remoteWidgetKeys).map(drawRemote)))
      .flat()
      .filter((d): d is Drawn => d !== null);
    if (drawn.length === 0) return null;
    const rendered = await renderRoute('/', product, Object.fromEntries(drawn.map((d) => [d.widget, d.element])));
    const answers = Object.assign({}, ...drawn.map((d) => d.answers ?? {})) as Record<string, unknown>;
    return fillTemplate(template, {
      // The markup drawn from the answers: its text and addresses are data (nonce-placeholder.ts).
      html: hideNoncePlaceholderInMarkup(rendered.html),
      styles: rendered.styles,
      title: documentTitle(undefined, product.name),
      prerendered: JSON.stringify(rendered.page),
      // The featured cover's preload (React's, for its fetchpriority), then the answers.
      head: `${hideNoncePlaceholderInMarkup(rendered.head)}${firstReadsScript(Object.keys(answers).length ? answers : undefined)}`,
    });
  } catch {
    return null;
  }
}
