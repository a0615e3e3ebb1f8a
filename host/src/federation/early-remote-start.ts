/**
 * Issue 14: a remote page's chain, started from the HTML. The page of a public remote route comes
 * with a preload of its remote's `mf-manifest.json` (the servers write it: devstack's
 * prerendered-pages.ts). This function runs inline in the page's head (the prerender writes it,
 * nonce'd, into the pages of remote routes) as soon as the HTML is parsed, long before the host's
 * scripts have arrived: it reads that manifest and asks at once for what the route's first render
 * needs from the remote — its entry, the routes module's scripts and the screen's own scripts (the
 * remote names them: shared/build/screen-chunks.cjs). Without it they were discovered one after the
 * other once the host's ~230 KB had run.
 *
 * The host pins nothing of a remote: every address comes from the manifest, an un-hashed document
 * read anew on every page (remotes are released alone). The manifest's answer is kept for the
 * federation runtime (`takeEarlyManifest`), so it is requested once.
 *
 * Inlined as source text: self-contained on purpose (no imports, nothing outside the function).
 */

/** Every route: `[pattern, remote, page]` (`['/events/:id', 'events', 'eventDetail']`), empty names for a route that is not a public remote screen. */
export type EarlyRoutes = Array<[pattern: string, remote: string, page: string]>;

export interface EarlyManifest {
  url: string;
  response: Promise<Response>;
}

/** Where the early start leaves the manifest's answer for the runtime (one page, one answer). */
export const earlyManifestGlobal = '__hubEarlyManifest';

export function startRemoteEarly(routes: EarlyRoutes, doc: Document = document, win: Window = window): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="preload"][data-hub-remote]');
  const remote = link?.getAttribute('data-hub-remote');
  if (!link || !remote || typeof win.fetch !== 'function') return;
  const url = link.href;
  // The route the router will pick: of the patterns that match, the one with the fewest parameters.
  const segments = win.location.pathname.split('/').filter(Boolean);
  let page: string | undefined;
  let fewest = Infinity;
  for (const [pattern, owner, key] of routes) {
    const parts = pattern.split('/').filter(Boolean);
    const params = parts.filter((part) => part.startsWith(':')).length;
    const matches =
      parts.length === segments.length && parts.every((part, i) => part.startsWith(':') || part === segments[i]);
    if (matches && params < fewest) {
      page = owner === remote && key ? key : undefined;
      fewest = params;
    }
  }
  // The runtime reads the manifest with a plain CORS fetch: the same request takes the preload.
  const response = win.fetch(url, { credentials: 'same-origin' });
  (win as unknown as Record<string, EarlyManifest>)[earlyManifestGlobal] = { url, response };
  const preload = (file: string, base: string) => {
    const address = new URL(file, base).href;
    for (const existing of Array.from(doc.querySelectorAll('link[rel="preload"]')))
      if (existing.getAttribute('href') === address) return;
    const element = doc.createElement('link');
    element.setAttribute('rel', 'preload');
    element.setAttribute('as', 'script');
    // Like the host's own start-up scripts: fetched beside them, never ahead of the page's paint.
    element.setAttribute('fetchpriority', 'low');
    element.href = address;
    doc.head.appendChild(element);
  };
  response
    .then((answer) => (answer.ok ? answer.clone().json() : undefined))
    .then((manifest: unknown) => {
      const meta = (manifest as { metaData?: Record<string, any> } | undefined)?.metaData; // eslint-disable-line @typescript-eslint/no-explicit-any
      if (!meta) return;
      // The remotes are built with publicPath 'auto': their files sit beside the manifest.
      const base =
        typeof meta.publicPath === 'string' && meta.publicPath !== 'auto' ? new URL(meta.publicPath, url).href : url;
      const entry = meta.remoteEntry as { name?: string; path?: string } | undefined;
      if (entry?.name) preload(`${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`, base);
      const exposes = (manifest as { exposes?: Array<{ name?: string; assets?: any }> }).exposes ?? []; // eslint-disable-line @typescript-eslint/no-explicit-any
      const routesModule = exposes.find((expose) => expose.name === 'routes');
      for (const file of (routesModule?.assets?.js?.sync ?? []) as string[]) preload(file, base);
      const screens = meta.buildInfo?.hubScreens as Record<string, string[]> | undefined;
      for (const file of (page && screens?.[page]) || []) preload(file, base);
    })
    .catch(() => undefined);
}

/**
 * The manifest's answer the early start got, once, for the runtime's own request of that address
 * (federation/retry-plugin.ts); nothing for any other address or a second time.
 */
export function takeEarlyManifest(url: string, win: Window = window): Promise<Response> | undefined {
  const holder = win as unknown as Record<string, EarlyManifest | undefined>;
  const early = holder[earlyManifestGlobal];
  if (!early || early.url !== url) return undefined;
  holder[earlyManifestGlobal] = undefined;
  return early.response;
}
