import { prerender } from 'react-dom/static';
import { renderToStaticMarkup } from 'react-dom/server';
import { createDOMRenderer, renderToStyleElements } from '@griffel/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../../src/app/app';
import { StartupProgress } from '../../src/routing/startup-progress';
import { createPrerenderRouter, leafRouteId, siteRoutes } from '../../src/app/create-site-router';
import type { PrerenderedPage } from '../../src/app/prerendered-page';
import {
  firstLoadFrameAddressAttribute,
  firstLoadFrameAttribute,
} from '../../src/components/remote-page/first-load-frame';
import type { ReactElement } from 'react';
import { DrawnWidgetsContext } from '../../src/components/remote-page/drawn-widget';
import { noncePlaceholder } from './nonce-placeholder';

export interface RenderedRoute {
  /** The markup of the root element's content. */
  html: string;
  /** Griffel's <style> elements for that markup, each with the nonce placeholder. */
  styles: string;
  page: PrerenderedPage;
  /**
   * What React hoists for the head, written before the markup when it renders less than a document:
   * the preload of an image asked for with `fetchpriority="high"` (a home widget's featured cover).
   * In the root, before the app's element, it would be markup the browser's hydration does not expect.
   */
  head: string;
}

/** The hoisted `<link>`s React writes before a fragment's markup, apart from the markup. */
function splitHoisted(html: string): { head: string; body: string } {
  const head = /^(?:<link [^>]*>)*/.exec(html)![0];
  return { head, body: html.slice(head.length) };
}

/**
 * Every boundary inline, in document order: by default React outlines a large finished boundary
 * and moves it into place with an inline script, which the site's CSP forbids (no inline scripts).
 */
const prerenderOptions = { progressiveChunkSize: Number.POSITIVE_INFINITY };

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * The prerender's Griffel renderer: no document, even where there is one (the tests' jsdom), so its
 * sheets keep each rule as Griffel wrote it (with a document, it would give the CSSOM's
 * re-serialization instead). Those strings, concatenated, are the page's `<style>` text, and the
 * hydration splits them back into the same strings (src/app/css-rules.ts).
 */
function createPrerenderStyleRenderer() {
  return createDOMRenderer(null as unknown as undefined, { styleElementAttributes: { nonce: noncePlaceholder } });
}

/**
 * Renders the site at `pathname` as the browser's first render of a prerendered page will be
 * (bootstrap.tsx hydrates it): React's `react-dom/static` prerender waits for the host's lazy
 * pages; remote areas render their placeholder (they load once hydrated).
 */
export async function renderRoute(
  pathname: string,
  product: { name: string; slug: string },
  /** The widgets their remotes drew, by `remote:widget` (the home's, page-server/render-home-page.tsx). */
  drawnWidgets: Readonly<Record<string, ReactElement>> = {},
): Promise<RenderedRoute> {
  const renderer = createPrerenderStyleRenderer();
  const router = createPrerenderRouter(product.slug, pathname);
  try {
    const { prelude } = await prerender(
      <DrawnWidgetsContext.Provider value={drawnWidgets}>
        <App router={router} renderer={renderer} hydrating />
      </DrawnWidgetsContext.Provider>,
      prerenderOptions,
    );
    const { head, body: html } = splitHoisted(await readAll(prelude));
    const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
    const route = leafRouteId(siteRoutes(product.slug), pathname);
    if (!route) throw new Error(`No route renders ${pathname}`);
    return { html, styles, head, page: { route, productName: product.name, productSlug: product.slug } };
  } finally {
    router.dispose();
  }
}

/**
 * The frame served for every route whose page is a remote's: header, footer and the start-up
 * placeholder in the main region, at no route in particular (nothing highlighted). The browser
 * renders such a page afresh rather than hydrating it (bootstrap.tsx).
 */
export async function renderShell(
  product: { name: string; slug: string },
  frame?: { render: string; screen: string; element: ReactElement; dataAt?: string },
): Promise<Omit<RenderedRoute, 'page' | 'head'>> {
  const renderer = createPrerenderStyleRenderer();
  // The site's layout route with the start-up placeholder as its only page: what the browser
  // shows while a remote route's guard waits, framed by the header and footer. With a remote
  // screen's frame (drawn by its remote: page-server/render-detail-page.tsx), that frame instead, at its own address (the header
  // shows the area as current), wrapped as the browser finds it again (first-load-frame.tsx).
  const [layout] = siteRoutes(product.slug);
  const page = frame ? (
    <div
      {...{ [firstLoadFrameAttribute]: frame.screen }}
      {...(frame.dataAt ? { [firstLoadFrameAddressAttribute]: frame.dataAt } : {})}
    >
      {frame.element}
    </div>
  ) : (
    <StartupProgress />
  );
  const routes = [{ id: layout!.id, path: '/', element: layout!.element, children: [{ path: '*', element: page }] }];
  const router = createMemoryRouter(routes, { initialEntries: [frame?.render ?? '/__shell'] });
  try {
    const { prelude } = await prerender(<App router={router} renderer={renderer} hydrating />, prerenderOptions);
    return { html: await readAll(prelude), styles: renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>) };
  } finally {
    router.dispose();
  }
}
