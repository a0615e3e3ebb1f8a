/**
 * Issue 14: a remote page's chain, started from the HTML. The page of a public remote route comes
 * with a preload of its remote's `mf-manifest.json` (the servers write it: devstack's
 * prerendered-pages.ts). This function runs inline in the page's head (the prerender writes it,
 * nonce'd, into the pages of remote routes) as soon as the HTML is parsed, long before the host's
 * scripts have arrived: it reads that manifest and asks at once for what the route's first render
 * needs from the remote — its entry, the routes module's scripts, the screen's own scripts and, for
 * an anonymous visitor of a public screen, its first reads (the remote names them per screen in its
 * manifest: shared/build/screens-manifest-plugin.cjs, issue 25). Without it they were discovered one
 * after the other once the host's ~230 KB had run.
 *
 * The host pins nothing of a remote: every address comes from the manifest, an un-hashed document
 * read anew on every page (remotes are released alone). The manifest's answer is kept for the
 * federation runtime (`takeEarlyManifest`), so it is requested once.
 *
 * Inlined as source text: self-contained on purpose (no imports, nothing outside the function).
 */

/**
 * Every route: `[pattern, remote, page]` (`['/events/:id', 'events', 'eventDetail']`), empty names
 * for a route that is not a public remote screen. What the screen loads and reads first is the
 * remote's to say, in its live release's manifest (`metaData.buildInfo.hubScreens`).
 */
export type EarlyRoutes = Array<[pattern: string, remote: string, page: string]>;

/** A screen in a remote's manifest, as shared's `ManifestScreen` (this file imports nothing). */
interface EarlyScreen {
  scripts?: string[];
  public?: boolean;
  firstReads?: string[];
}

export interface EarlyAnswer {
  url: string;
  response: Promise<Response>;
}

/** Where the early start leaves the answers it read for the app: the manifest's and `/app-config.json`'s. */
export const earlyAnswersGlobal = '__hubEarly';
/**
 * Set by the app once it asks for the route's code and reads itself (bootstrap.tsx): a preload added
 * after that would not be taken by the app's request, already under way, and the file or read would
 * be asked for twice (a page whose scripts run before the browser reports its first paint).
 */
export const appStartedGlobal = '__hubAppStarted';
/**
 * Where the head's loader (host/build/start-after-first-paint.js, which names it too: a test checks
 * they agree) leaves its "run this once the page has painted": the host's start-up and the remote's
 * preloads are asked for at the same moment, by one rule.
 */
export const afterPaintGlobal = '__hubAfterPaint';
/** The page's data block of API answers (shared/src/http/first-reads.ts; a test checks they agree). */
export const firstReadsElementId = 'hub-first-reads';
const manifestKey = 'manifest';
const manifestCopyKey = 'manifestCopy';
const appConfigKey = 'appConfig';

export function startRemoteEarly(routes: EarlyRoutes, doc: Document = document, win: Window = window): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="preload"][data-hub-remote]');
  const remote = link?.getAttribute('data-hub-remote');
  if (!link || !remote || typeof win.fetch !== 'function') return;
  const url = link.href;
  // The route the router will pick: of the patterns that match, the one with the fewest parameters.
  const segments = win.location.pathname.split('/').filter(Boolean);
  let page: string | undefined;
  let parts: string[] = [];
  let fewest = Infinity;
  for (const [pattern, owner, key] of routes) {
    const patternParts = pattern.split('/').filter(Boolean);
    const params = patternParts.filter((part) => part.startsWith(':')).length;
    const matches =
      patternParts.length === segments.length &&
      patternParts.every((part, i) => part.startsWith(':') || part === segments[i]);
    if (matches && params < fewest) {
      page = owner === remote && key ? key : undefined;
      parts = patternParts;
      fewest = params;
    }
  }
  // A read's `:name` is the address's segment there, when it is an id the screen accepts; a read
  // with any other `:name` (the list's `:search` filters) is the app's to make.
  const fill = (read: string) =>
    read.replace(/:(\w+)/g, (_, name: string) => {
      const value = segments[parts.indexOf(`:${name}`)] ?? '';
      return /^\d{1,10}$/.test(value) ? value : '\u0000';
    });
  const answers: Record<string, EarlyAnswer> = {};
  (win as unknown as Record<string, Record<string, EarlyAnswer>>)[earlyAnswersGlobal] = answers;
  // The runtime reads the manifest with a plain CORS fetch: the same request takes the preload.
  const response = win.fetch(url, { credentials: 'same-origin' });
  answers[manifestKey] = { url, response };
  // A copy for the host's own read of the screens (federation/remote-screens.ts), cloned as it arrives.
  const copy = response.then((answer) => answer.clone());
  copy.catch(() => undefined); // a failed read is the runtime's to report, not this copy's
  answers[manifestCopyKey] = { url, response: copy };
  // The page's own first paint comes first: what follows is asked for when the head's loader asks
  // for the host's start-up, once the browser reports that paint (the manifest's answer is a round
  // trip away on a phone anyway), or at once in a hidden tab, or after its wait. A page without the
  // loader (none is built so) asks at once.
  const afterPaint = (work: () => void) => {
    const loaderAfterPaint = (win as unknown as Record<string, unknown>)[afterPaintGlobal];
    if (typeof loaderAfterPaint === 'function') (loaderAfterPaint as (work: () => void) => void)(work);
    else win.setTimeout(work, 0);
  };
  const preload = (file: string, base: string, as: 'script' | 'fetch') => {
    if ((win as unknown as Record<string, unknown>)[appStartedGlobal]) return;
    const address = new URL(file, base).href;
    for (const existing of Array.from(doc.querySelectorAll('link[rel="preload"]')))
      if (existing.getAttribute('href') === address) return;
    const element = doc.createElement('link');
    element.setAttribute('rel', 'preload');
    element.setAttribute('as', as);
    if (as === 'script') {
      // Like the host's own start-up scripts: fetched beside them, never ahead of the page's paint.
      element.setAttribute('fetchpriority', 'low');
    } else {
      // The app's read is a CORS fetch with the same-origin credentials mode: this preload answers it.
      element.setAttribute('crossorigin', '');
    }
    element.href = address;
    doc.head.appendChild(element);
  };
  // The screen's first reads, for an anonymous visitor only: a signed-in visitor's reads carry a
  // token (and may be answered differently), so they wait for the session as before. Firebase keeps
  // a signed-in user under `firebase:authUser:` keys (shared/src/auth/session-storage.ts).
  let signedIn = true;
  try {
    signedIn = Object.keys(win.localStorage).some((key) => key.startsWith('firebase:authUser:'));
  } catch {
    // No storage: leave the reads to the app.
  }
  // The API's address is deploy-time configuration: read it as the app does (the page preloads it),
  // and leave the answer for the app's own read (bootstrap.tsx). Asked for beside the manifest, which
  // says what the screen reads.
  let config: Promise<unknown> | undefined;
  if (page && !signedIn) {
    const configAnswer = win.fetch('/app-config.json', { cache: 'no-store', credentials: 'same-origin' });
    answers[appConfigKey] = { url: '/app-config.json', response: configAnswer };
    config = configAnswer.then((answer) => (answer.ok ? answer.clone().json() : undefined)).catch(() => undefined);
  }
  const startReads = (screen: EarlyScreen | undefined) => {
    const known = (screen?.public ? (screen.firstReads ?? []) : [])
      .map(fill)
      .filter((read) => !read.includes('\u0000'));
    if (!config || known.length === 0) return;
    config
      .then((value: unknown) => {
        const base = (value as { apiBaseUrl?: unknown } | undefined)?.apiBaseUrl;
        if (typeof base !== 'string') return;
        // The reads the page came with (a detail page drawn by the page server: its data block, read
        // here, after the first paint, when the whole head is parsed) are not asked for again.
        let answered: Record<string, unknown> = {};
        try {
          answered = JSON.parse(doc.getElementById(firstReadsElementId)?.textContent || '{}') as Record<
            string,
            unknown
          >;
        } catch {
          // Unreadable: the app reads the API, and so may this.
        }
        // As shared's apiUrl joins them; an empty base is the page's own origin.
        for (const read of known)
          if (!(read in answered)) preload(`${base.replace(/\/+$/, '')}/${read}`, win.location.href, 'fetch');
      })
      .catch(() => undefined);
  };
  response
    .then((answer) => (answer.ok ? answer.clone().json() : undefined))
    .then((manifest: unknown) => new Promise((resolve) => afterPaint(() => resolve(manifest))))
    .then((manifest: unknown) => {
      const meta = (manifest as { metaData?: Record<string, any> } | undefined)?.metaData; // eslint-disable-line @typescript-eslint/no-explicit-any
      if (!meta) return;
      // The remotes are built with publicPath 'auto': their files sit beside the manifest.
      const base =
        typeof meta.publicPath === 'string' && meta.publicPath !== 'auto' ? new URL(meta.publicPath, url).href : url;
      const entry = meta.remoteEntry as { name?: string; path?: string } | undefined;
      if (entry?.name)
        preload(`${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`, base, 'script');
      const exposes = (manifest as { exposes?: Array<{ name?: string; assets?: any }> }).exposes ?? []; // eslint-disable-line @typescript-eslint/no-explicit-any
      const routesModule = exposes.find((expose) => expose.name === 'routes');
      for (const file of (routesModule?.assets?.js?.sync ?? []) as string[]) preload(file, base, 'script');
      const screens = meta.buildInfo?.hubScreens as Record<string, EarlyScreen> | undefined;
      const screen = page ? screens?.[page] : undefined;
      for (const file of screen?.scripts ?? []) preload(file, base, 'script');
      startReads(screen);
    })
    .catch(() => undefined);
}

/** The app asks for the route's code and reads from now on: the early start adds no preload after this. */
export function noteAppStarted(win: Window = window): void {
  (win as unknown as Record<string, unknown>)[appStartedGlobal] = true;
}

/** What the early start read for the app, once: nothing for another address or a second time. */
function takeEarly(key: string, url: string, win: Window): Promise<Response> | undefined {
  const answers = (win as unknown as Record<string, Record<string, EarlyAnswer | undefined> | undefined>)[
    earlyAnswersGlobal
  ];
  const early = answers?.[key];
  if (!early || early.url !== url) return undefined;
  answers[key] = undefined;
  return early.response;
}

/** The manifest's answer the early start got, for the federation runtime's read of it (retry-plugin.ts). */
export const takeEarlyManifest = (url: string, win: Window = window) => takeEarly(manifestKey, url, win);

/** A copy of the manifest's answer the early start got, for the host's read of its screens (remote-screens.ts), once. */
export const takeEarlyManifestCopy = (url: string, win: Window = window) => takeEarly(manifestCopyKey, url, win);

/** `/app-config.json`'s answer the early start got (for an anonymous visitor's reads), for bootstrap.tsx. */
export const takeEarlyAppConfig = (win: Window = window) => takeEarly(appConfigKey, '/app-config.json', win);
