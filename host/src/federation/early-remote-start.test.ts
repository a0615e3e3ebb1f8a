import { buildRouteTable } from '../routing/route-table';
import { earlyRoutes, earlyStartScript } from '../../server/prerender/early-start-script';
import { firstReadsElementId as sharedFirstReadsElementId } from '@hub/shared';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../../build/start-after-first-paint') as { afterPaintGlobal: string };
import {
  afterPaintGlobal,
  appStartedGlobal,
  firstReadsElementId,
  noteAppStarted,
  startRemoteEarly,
  takeEarlyAppConfig,
  takeEarlyManifest,
} from './early-remote-start';

const manifestUrl = 'https://events.example/release-7/mf-manifest.json';
const manifest = {
  metaData: {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    buildInfo: {
      hubScreens: {
        eventDetail: { scripts: ['5.0a.js', '42.0b.js'], public: true, firstReads: ['api/events/:id'] },
        eventList: { scripts: ['7.0c.js'], public: true, firstReads: ['api/events?:search', 'api/country'] },
        eventCreate: { scripts: ['9.0f.js'], public: false, firstReads: [] },
        communityDetail: {
          scripts: ['3.1a.js'],
          public: true,
          firstReads: ['api/community/:id', 'api/events?when=upcoming&communityId=:id&pageSize=10'],
        },
      } as Record<string, { scripts: string[]; public: boolean; firstReads: string[] }>,
    },
  },
  exposes: [
    { name: 'widgets', assets: { js: { sync: ['__federation_expose_widgets.0d.js'] } } },
    { name: 'routes', assets: { js: { sync: ['__federation_expose_routes.0e.js'] } } },
  ],
};

const routes = earlyRoutes(buildRouteTable('hub'));

function pageAt(pathname: string, { link = true, served = manifest } = {}) {
  window.history.replaceState(null, '', pathname);
  document.head.innerHTML = link
    ? `<link rel="preload" href="${manifestUrl}" as="fetch" crossorigin data-hub-remote="events">`
    : '';
  const fetch = jest.fn((url: string) =>
    Promise.resolve(
      new Response(JSON.stringify(url === '/app-config.json' ? { apiBaseUrl: 'https://api.example/' } : served), {
        status: 200,
      }),
    ),
  );
  Object.assign(window, { fetch });
  return fetch;
}

/** What the early start added to the head: the scripts it asked for. */
async function preloadedScripts() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[as="script"]')).map((l) => ({
    href: l.href,
    priority: l.getAttribute('fetchpriority'),
  }));
}

/** The reads it started, as CORS fetch preloads. */
const preloadedReads = () =>
  Array.from(
    document.head.querySelectorAll<HTMLLinkElement>('link[as="fetch"][crossorigin]:not([data-hub-remote])'),
  ).map((l) => l.href);

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[appStartedGlobal];
  takeEarlyManifest(manifestUrl);
  takeEarlyAppConfig();
  document.head.innerHTML = '';
  localStorage.clear();
});

describe("the early start of a remote route's page (issue 14)", () => {
  it('names the screens of the public remote routes only, never a signed-in or admin one', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        ['/events/event-list', 'events', 'eventList'],
        ['/events/:id', 'events', 'eventDetail'],
        ['/community/:id', 'communities', 'communityDetail'],
        ['/communities', 'communities', 'communityList'],
      ]),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        ['/manage', '', ''],
        ['/my-account', '', ''],
        ['/event-form/edit/:eventId', '', ''],
      ]),
    );
  });

  it("asks for the entry, the routes module's scripts and the screen's scripts, from the manifest's folder", async () => {
    const fetch = pageAt('/events/31');
    startRemoteEarly(routes);
    expect(fetch).toHaveBeenCalledWith(manifestUrl, { credentials: 'same-origin' });
    expect(await preloadedScripts()).toEqual(
      ['remoteEntry.js', '__federation_expose_routes.0e.js', '5.0a.js', '42.0b.js'].map((file) => ({
        href: `https://events.example/release-7/${file}`,
        priority: 'low',
      })),
    );
  });

  it("keeps the manifest's answer for the federation runtime's first read of that address, once", async () => {
    pageAt('/events/event-list');
    startRemoteEarly(routes);
    expect(takeEarlyManifest('https://other.example/mf-manifest.json')).toBeUndefined();
    const answer = await takeEarlyManifest(manifestUrl);
    expect(await answer?.json()).toEqual(manifest);
    expect(takeEarlyManifest(manifestUrl)).toBeUndefined();
    await preloadedScripts();
  });

  it("asks for no screen's scripts at an address that is not a public screen's", async () => {
    pageAt('/event-form/edit/5');
    startRemoteEarly(routes);
    expect((await preloadedScripts()).map((s) => s.href.split('/').pop())).toEqual([
      'remoteEntry.js',
      '__federation_expose_routes.0e.js',
    ]);
  });

  it('picks the route the router picks: of the matching patterns, the one with the fewest parameters', async () => {
    pageAt('/events/create');
    startRemoteEarly([
      ['/events/:id', 'events', 'eventDetail'],
      ['/events/create', '', ''],
    ]);
    expect((await preloadedScripts()).map((s) => s.href.split('/').pop())).toEqual([
      'remoteEntry.js',
      '__federation_expose_routes.0e.js',
    ]);
    expect(preloadedReads()).toEqual([]);
  });

  it("starts an anonymous visitor's first reads from the address, and leaves /app-config.json's answer for the app", async () => {
    const fetch = pageAt('/events/31');
    startRemoteEarly(routes);
    expect(fetch).toHaveBeenCalledWith('/app-config.json', { cache: 'no-store', credentials: 'same-origin' });
    await preloadedScripts();
    expect(preloadedReads()).toEqual(['https://api.example/api/events/31']);
    expect(await (await takeEarlyAppConfig())?.json()).toEqual({ apiBaseUrl: 'https://api.example/' });
    expect(takeEarlyAppConfig()).toBeUndefined();
  });

  it("starts the reads the remote's live manifest names for the screen: a release changes them, the host's page not", async () => {
    const eventDetail = { scripts: ['5.0a.js'], public: true, firstReads: ['api/events/:id/summary', 'api/country'] };
    const released = { ...manifest, metaData: { ...manifest.metaData, buildInfo: { hubScreens: { eventDetail } } } };
    pageAt('/events/31', { served: released });
    startRemoteEarly(routes);
    await preloadedScripts();
    expect(preloadedReads()).toEqual(['https://api.example/api/events/31/summary', 'https://api.example/api/country']);
  });

  it("starts a list's reads that its address fills, and leaves the filters' read to the app", async () => {
    pageAt('/events/event-list?when=past');
    startRemoteEarly(routes);
    await preloadedScripts();
    expect(preloadedReads()).toEqual(['https://api.example/api/country']);
  });

  it('starts no read of a screen its manifest says is not public', async () => {
    const eventDetail = { scripts: ['5.0a.js'], public: false, firstReads: ['api/events/:id'] };
    pageAt('/events/31', {
      served: { ...manifest, metaData: { ...manifest.metaData, buildInfo: { hubScreens: { eventDetail } } } },
    });
    startRemoteEarly(routes);
    expect((await preloadedScripts()).map((s) => s.href.split('/').pop())).toContain('5.0a.js');
    expect(preloadedReads()).toEqual([]);
  });

  it('starts none of the reads the page came with (a detail page drawn by the page server), only the others', async () => {
    pageAt('/community/4');
    document.head.querySelector('link')?.setAttribute('data-hub-remote', 'communities');
    // The data block sits in the head, after the early start's own script: read once the page has painted.
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = firstReadsElementId;
    block.textContent = JSON.stringify({ 'api/community/4': { id: 4 }, 'api/communitybase/1': { id: 1 } });
    startRemoteEarly(routes);
    document.head.appendChild(block);
    await preloadedScripts();
    expect(preloadedReads()).toEqual(['https://api.example/api/events?when=upcoming&communityId=4&pageSize=10']);
  });

  it("asks for the remote's files when the head's loader asks for the host's start-up, once painted", async () => {
    expect(afterPaintGlobal).toBe(loader.afterPaintGlobal);
    const painted: Array<() => void> = [];
    (window as unknown as Record<string, unknown>)[afterPaintGlobal] = (work: () => void) => painted.push(work);
    try {
      pageAt('/events/31');
      startRemoteEarly(routes);
      expect(await preloadedScripts()).toEqual([]);
      expect(painted).toHaveLength(1);
      painted[0]!();
      expect((await preloadedScripts()).map((s) => s.href.split('/').pop())).toContain('5.0a.js');
    } finally {
      delete (window as unknown as Record<string, unknown>)[afterPaintGlobal];
    }
  });

  it("names the page's data block as the app's reads find it", () => {
    expect(firstReadsElementId).toBe(sharedFirstReadsElementId);
  });

  it('adds nothing once the app asks for the code and reads itself (its request would not take a later preload)', async () => {
    pageAt('/events/31');
    startRemoteEarly(routes);
    // The host's scripts ran before the browser reported the page's first paint.
    noteAppStarted();
    expect(await preloadedScripts()).toEqual([]);
    expect(preloadedReads()).toEqual([]);
  });

  it('starts no read for a signed-in visitor (theirs carry a token), nor for an id the screen refuses', async () => {
    localStorage.setItem('firebase:authUser:key:[DEFAULT]', '{}');
    let fetch = pageAt('/community/1');
    startRemoteEarly(routes);
    await preloadedScripts();
    expect(preloadedReads()).toEqual([]);
    expect(fetch).not.toHaveBeenCalledWith('/app-config.json', expect.anything());
    expect(takeEarlyAppConfig()).toBeUndefined();
    localStorage.clear();
    fetch = pageAt('/events/abc');
    startRemoteEarly(routes);
    await preloadedScripts();
    expect(preloadedReads()).toEqual([]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([manifestUrl, '/app-config.json']);
  });

  it('does nothing on a page without a manifest preload (the host pages)', async () => {
    const fetch = pageAt('/about', { link: false });
    startRemoteEarly(routes);
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyManifest(manifestUrl)).toBeUndefined();
  });

  it('a failed manifest read leaves nothing behind but the answer (the runtime then reads it itself)', async () => {
    const fetch = pageAt('/events/31');
    fetch.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    startRemoteEarly(routes);
    expect(await preloadedScripts()).toEqual([]);
    await expect(takeEarlyManifest(manifestUrl)).rejects.toThrow('Failed to fetch');
  });

  it('is inlined as plain JavaScript with its routes and the nonce placeholder, and runs as such', async () => {
    const script = earlyStartScript(buildRouteTable('hub'));
    expect(script).toMatch(/^<script nonce="__HUB_CSP_NONCE__">/);
    expect(script).not.toMatch(/\bexport\b|: string|<\/script>.+/s);
    pageAt('/events/31');
    const source = script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '');
    new Function(source)(); // the inline script, as the browser runs it
    expect((await preloadedScripts()).map((s) => s.href.split('/').pop())).toEqual([
      'remoteEntry.js',
      '__federation_expose_routes.0e.js',
      '5.0a.js',
      '42.0b.js',
    ]);
  });
});
