import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate } from 'node:timers';
import { promisify } from 'node:util';
import { http as route, passthrough } from 'msw';
import { fakeServer } from '@hub/ui/testing/fake-api';
import { anEvent, anEventPage } from '@hub/ui/testing/demo-events';
import { detailPagePatterns, jsonForHtml, renderDetailPage } from './render-detail-page';
import { hideNoncePlaceholderInMarkup } from '../prerender/nonce-placeholder';
import { createRemoteFramesLoader, type RemoteFramesLoader } from './remote-frames-loader';
import { serverFrameShares } from './server-frame-shares';

// React's server renderer schedules its work with Node's setImmediate, which jsdom's globals lack.
Object.assign(globalThis, { setImmediate });

const template =
  '<!doctype html><html><head><title>Community Hub</title><script nonce="__HUB_CSP_NONCE__">early()</script></head><body><div id="root"></div></body></html>';
const product = { name: 'Community Hub', slug: 'hub' };

const event = {
  id: 31,
  title: 'Rust $& friends </script><script>alert(1)</script>',
  description: 'Bring a laptop.',
  startsAt: '2026-12-12T09:00:00Z',
  endsAt: '2026-12-12T16:00:00Z',
  timeZone: 'Europe/Amsterdam',
  format: 'hybrid',
  communityId: 4,
  communityName: 'Rustaceans',
  countryName: 'Netherlands',
  cancelled: false,
  imageUrl: 'https://img.example/cover.svg',
  locations: [],
};
const community = {
  id: 4,
  name: 'Rustaceans',
  communityBaseId: 1,
  countryId: 7,
  countryName: 'Netherlands',
  memberCount: 5,
  upcomingEventCount: 0,
  nextEvent: null,
  description: 'Systems programming, safely.',
  imageUrl: '',
  coreMembers: [],
};

/**
 * The remotes' live releases: each remote's real server frames, built as its build bundles them
 * (shared/build/server-frames-plugin.cjs), beside a manifest naming them, served over HTTP.
 */
const repo = path.resolve(__dirname, '../../..');
let releases: string;
let remoteOrigin: http.Server;
let remotes: Record<string, string>;
let loader: RemoteFramesLoader;
let origin: string;

beforeAll(async () => {
  releases = mkdtempSync(path.join(tmpdir(), 'hub-frames-'));
  // Both remotes at once, each in a Node process of its own (a few seconds each).
  await Promise.all(
    ['events', 'communities'].map(async (remote) => {
      await promisify(execFile)(process.execPath, [
        path.join(repo, 'shared/build/testing/build-server-frames.cjs'),
        path.join(repo, `remote-${remote}`),
        path.join(releases, remote, 'server/frames.test.cjs'),
      ]);
      const manifest = { metaData: { buildInfo: { hubServerFrames: 'server/frames.test.cjs' } } };
      writeFileSync(path.join(releases, remote, 'mf-manifest.json'), JSON.stringify(manifest));
    }),
  );
  remoteOrigin = http.createServer((req, res) => {
    try {
      res.end(readFileSync(path.join(releases, req.url!)));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => remoteOrigin.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(remoteOrigin.address() as AddressInfo).port}`;
  remotes = {
    events: `${origin}/events/mf-manifest.json`,
    communities: `${origin}/communities/mf-manifest.json`,
    account: `${origin}/account/mf-manifest.json`,
  };
  loader = createRemoteFramesLoader({ shares: serverFrameShares });
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => remoteOrigin.close(resolve));
  rmSync(releases, { recursive: true, force: true });
});
// The tests' fake network (jest.setup.ts) answers every address it is not told about: not the remotes'.
beforeEach(() => fakeServer.use(route.all(`${origin}/*`, () => passthrough())));

type Answers = Record<string, { status: number; body?: unknown; cacheControl?: string } | 'hang' | 'fail'>;

/** What the API sends with its public catalogue reads (api/src/http/public-cache.ts). */
const publicCacheControl = 'public, max-age=0, must-revalidate, s-maxage=30';

/** The API at http://api.test/, answering `answers` by path; records what was asked. */
function fakeApi(answers: Answers) {
  const asked: string[] = [];
  const fetch = jest.fn((url: string, init?: RequestInit) => {
    const path = url.replace('http://api.test/', '');
    asked.push(path);
    const answer = answers[path] ?? { status: 404, body: { message: 'Not found' } };
    if (answer === 'fail') return Promise.reject(new TypeError('fetch failed'));
    if (answer === 'hang')
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const headers = {
      'Cache-Control': answer.cacheControl ?? (answer.status === 200 ? publicCacheControl : 'no-store'),
    };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, asked };
}

const render = (address: string, answers: Answers, timeoutMs?: number) => {
  const api = fakeApi(answers);
  const [pathname, search] = address.split('?') as [string, string | undefined];
  const page = renderDetailPage({
    pathname,
    search,
    template,
    apiBaseUrl: 'http://api.test/',
    product,
    remotes,
    loader,
    fetch: api.fetch,
    timeoutMs,
  });
  return { page, asked: api.asked };
};

/** The answers block of a page, as the browser parses it. */
function answersOf(html: string): unknown {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return JSON.parse(doc.getElementById('hub-first-reads')?.textContent ?? 'null');
}

describe("the page server's detail pages (issue 14)", () => {
  it("draws an event's top from its answer, with the answer for the page's read, escaped, and its title", async () => {
    const { page, asked } = render('/events/31', { 'api/events/31': { status: 200, body: event } });
    const html = (await page)!;
    expect(asked).toEqual(['api/events/31']);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const frame = doc.querySelector('[data-first-frame="events:eventDetail"]');
    expect(frame?.getAttribute('data-first-frame-at')).toBe('/events/31');
    expect(frame?.querySelector('h1')?.textContent).toBe(event.title);
    expect(frame?.querySelector('img')?.getAttribute('src')).toBe(event.imageUrl);
    expect(frame?.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    // The cover, its largest paint on a phone, is asked for from the head.
    const preload = doc.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(event.imageUrl);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(frame?.textContent).toContain('Event time (Europe/Amsterdam)');
    // The viewer's zone is not known to the server: that line is the browser's.
    expect(frame?.textContent).not.toContain('Your time');
    expect(doc.title).toBe(`${event.title} · Community Hub`);
    // Nothing in the answers can close the element or run: one script besides the template's.
    expect(doc.querySelectorAll('script')).toHaveLength(2);
    expect(answersOf(html)).toEqual({ 'api/events/31': event });
    // In the head, beside the template's early start (which reads it once the page has painted).
    expect(doc.head.querySelector('#hub-first-reads')).not.toBeNull();
    expect(html).toContain('early()');
  });

  it('asks for no address from the head when an uploaded cover is shown instead (issue 27): its img picks its size', async () => {
    const cover = {
      id: 5,
      width: 1920,
      height: 1080,
      focalX: 0.5,
      focalY: 0.5,
      variants: [
        { width: 640, height: 360, format: 'webp', url: 'https://img.example/h-640.webp' },
        { width: 1280, height: 720, format: 'webp', url: 'https://img.example/h-1280.webp' },
      ],
    };
    const { page } = render('/events/31', { 'api/events/31': { status: 200, body: { ...event, cover } } });
    const doc = new DOMParser().parseFromString((await page)!, 'text/html');
    expect(doc.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
    expect(doc.querySelector('[data-first-frame] img')?.getAttribute('srcset')).toContain('h-1280.webp 1280w');
  });

  it('draws an event without a picture with its generated cover and no inline style, which the CSP would refuse (issue 23)', async () => {
    const { page } = render('/events/31', { 'api/events/31': { status: 200, body: { ...event, imageUrl: '' } } });
    const html = (await page)!;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const cover = doc.querySelector('[data-first-frame="events:eventDetail"] [data-testid="generated-cover"]');
    expect(cover).not.toBeNull();
    // The CSP (styles by nonce) refuses style attributes: nothing of the page may carry one.
    expect(doc.body.querySelectorAll('[style]')).toHaveLength(0);
    // Its colour is a class of the stylesheet (ui's face/item-face.test.tsx checks each class's colour).
    expect(cover!.classList.length).toBeGreaterThan(2);
  });

  it("draws a community's top from it and its base, whose name it shows", async () => {
    const { page, asked } = render('/community/4', {
      'api/community/4': { status: 200, body: community },
      'api/communitybase/1': { status: 200, body: { id: 1, name: 'Guild' } },
    });
    const html = (await page)!;
    expect(asked).toEqual(['api/community/4', 'api/communitybase/1']);
    const frame = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-first-frame]');
    expect(frame?.getAttribute('data-first-frame')).toBe('communities:communityDetail');
    expect(frame?.querySelector('h1')?.textContent).toBe('Rustaceans');
    expect(frame?.textContent).toContain('Guild');
    expect(frame?.textContent).toContain('Systems programming, safely.');
    // Join or leave is the viewer's: not in the HTML.
    expect(frame?.querySelector('button')).toBeNull();
    // No picture, nothing to ask for.
    expect(html).not.toContain('as="image"');
    expect(answersOf(html)).toEqual({ 'api/community/4': community, 'api/communitybase/1': { id: 1, name: 'Guild' } });
  });

  it("shows the base's usual name when the base cannot be read, and leaves that read to the page", async () => {
    const html = (await render('/community/4', { 'api/community/4': { status: 200, body: community } }).page)!;
    expect(
      new DOMParser().parseFromString(html, 'text/html').querySelector('h1')?.nextElementSibling?.textContent,
    ).toContain('Community');
    expect(answersOf(html)).toEqual({ 'api/community/4': community });
  });

  it.each([
    ['an unknown event', '/events/32'],
    ['an id the screen refuses', '/events/abc'],
    ['an id out of range', '/events/99999999999'],
    ['a host page', '/about'],
    ['a remote screen its release draws no frame for', '/communities-overview'],
    ['a remote whose release has no server frames', '/email-action'],
    ['a deeper address', '/events/31/edit'],
  ])('draws nothing for %s (%s): the shell answers', async (_label, pathname) => {
    const { page, asked } = render(pathname, { 'api/events/31': { status: 200, body: event } });
    await expect(page).resolves.toBeNull();
    expect(asked.filter((p) => p !== 'api/events/32')).toEqual([]);
  });

  it('draws nothing when the API is down, slow or answers another thing', async () => {
    await expect(render('/events/31', { 'api/events/31': 'fail' }).page).resolves.toBeNull();
    const started = Date.now();
    await expect(render('/events/31', { 'api/events/31': 'hang' }, 50).page).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(
      render('/events/31', { 'api/events/31': { status: 200, body: { ...event, id: 30 } } }).page,
    ).resolves.toBeNull();
    await expect(render('/events/31', { 'api/events/31': { status: 500, body: {} } }).page).resolves.toBeNull();
  });

  it('reads as an anonymous visitor, so an item only some may see (issue 28) is drawn for nobody', async () => {
    // The API answers a staff-only or members-only item to anonymous readers as a missing one (404).
    const inits: (RequestInit | undefined)[] = [];
    const fetch = jest.fn((_url: string, init?: RequestInit) => {
      inits.push(init);
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'Event not found', details: [] }), { status: 404 }),
      );
    });
    const page = renderDetailPage({
      pathname: '/events/31',
      template,
      apiBaseUrl: 'http://api.test/',
      product,
      remotes,
      loader,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    await expect(page).resolves.toBeNull();
    expect(inits.length).toBeGreaterThan(0);
    for (const init of inits) {
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
      expect(init?.credentials).not.toBe('include');
    }
  });
});

describe("the frames come from the remotes' live releases (issue 25)", () => {
  it.each([
    ['/events/event-list', 'events:eventList', 'Events', /^Meet-ups, talks and workshops/],
    ['/communities', 'communities:communityList', 'Communities', /^Communities bring together colleagues/],
    ['/networks', 'communities:networkList', 'Networks', /^Networks connect colleagues/],
  ])(
    '%s: the static frame of its remote, with its heading and intro, for every address of it (the API answering nothing)',
    async (pathname, screen, title, intro) => {
      const { page } = render(pathname, {});
      const html = (await page)!;
      // Static: nothing handed to the page's reads.
      expect(html).not.toContain('hub-first-reads');
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const frame = doc.querySelector(`[data-first-frame="${screen}"]`);
      expect(frame?.hasAttribute('data-first-frame-at')).toBe(false);
      expect(frame?.querySelector('h1')?.textContent).toBe(title);
      expect(frame?.querySelector('p')?.textContent).toMatch(intro);
      expect(doc.title).toBe(`${title} · Community Hub`);
      // That its styles are collected into the page (one Griffel) shows only outside jsdom, where Griffel
      // inserts while rendering: e2e/tests/remote-owns-screens.spec.ts checks it in the served HTML.
      expect(frame?.querySelector('h1')?.classList.length).toBeGreaterThan(1);
    },
  );

  it("draws nothing when the remote's release cannot be reached: the page's file answers", async () => {
    const page = renderDetailPage({
      pathname: '/events/event-list',
      template,
      apiBaseUrl: 'http://api.test/',
      product,
      remotes: { events: 'http://127.0.0.1:9/mf-manifest.json' },
      loader,
    });
    await expect(page).resolves.toBeNull();
  });

  it("names every public remote route for the page server, the remotes' releases saying which have frames", () => {
    expect(detailPagePatterns).toEqual(expect.arrayContaining(['/events/event-list', '/events/:id', '/community/:id']));
    expect(detailPagePatterns).not.toContain('/events/create');
    expect(detailPagePatterns).not.toContain('/about');
    // The router's order: a fixed path before the pattern it also matches.
    expect(detailPagePatterns.indexOf('/events/event-list')).toBeLessThan(detailPagePatterns.indexOf('/events/:id'));
  });
});

describe('the home drawn by the page server (issues 24 and 27)', () => {
  const featured = anEvent({ id: 5, title: 'Rust meet-up', imageUrl: 'https://img.example/rust.svg' });
  const next = anEventPage([
    anEvent({ id: 1, title: 'Spring into Java' }),
    anEvent({ id: 2, title: 'Cloud night', cancelled: true }),
    anEvent({ id: 5, title: 'Rust meet-up' }),
    anEvent({ id: 3, title: 'AI breakfast' }),
  ]);
  const home = { featuredEvent: featured, activeCommunities: [] };
  const homeAnswers: Answers = {
    'api/events?pageSize=6': { status: 200, body: next },
    'api/home': { status: 200, body: home },
  };

  it("draws the events widget from api/home and api/events: the featured event's cover asked for first, in a hydratable home", async () => {
    const { page, asked } = render('/', homeAnswers);
    const html = (await page)!;
    expect(asked.sort()).toEqual(['api/events?pageSize=6', 'api/home']);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    // The prerendered home (hydrated by the browser), with its own heading, not a remote screen's shell.
    expect(doc.getElementById('root')?.hasAttribute('data-prerendered')).toBe(true);
    expect(doc.querySelector('h1')?.textContent).toBe('Welcome to Community Hub');
    expect(doc.title).toBe('Community Hub');
    const frame = doc.querySelector('[data-drawn-widget="events:upcomingEvents"]')!;
    const featuredList = frame.querySelector('ul');
    expect(featuredList?.querySelector('h4')?.textContent).toBe('Rust meet-up');
    const cover = featuredList?.querySelector('img');
    expect(cover?.getAttribute('src')).toBe(featured.imageUrl);
    expect(cover?.getAttribute('fetchpriority')).toBe('high');
    expect([...frame.querySelectorAll('h4')].map((h) => h.textContent)).toEqual([
      'Rust meet-up',
      'Spring into Java',
      'AI breakfast',
    ]);
    // The answers, for the widget's own reads of the same paths.
    expect(answersOf(html)).toEqual({ 'api/events?pageSize=6': next, 'api/home': home });
    // The communities widget draws no frame: its placeholder, as in the prerendered home.
    expect(doc.querySelector('[data-drawn-widget^="communities:"]')).toBeNull();
    expect(doc.body.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('draws the list alone when api/home cannot be read, and nothing when the list cannot: the prerendered home answers', async () => {
    const withoutHome = render('/', { ...homeAnswers, 'api/home': { status: 500, body: {} } });
    const doc = new DOMParser().parseFromString((await withoutHome.page)!, 'text/html');
    const frame = doc.querySelector('[data-drawn-widget="events:upcomingEvents"]')!;
    expect(frame.querySelector('h3')?.textContent).toBe('Next events');
    expect(frame.querySelector('img')).toBeNull();
    expect(answersOf((await withoutHome.page)!)).toEqual({ 'api/events?pageSize=6': next });
    await expect(render('/', { 'api/home': { status: 200, body: home } }).page).resolves.toBeNull();
    await expect(render('/', { ...homeAnswers, 'api/events?pageSize=6': 'hang' }, 50).page).resolves.toBeNull();
    // An answer the API keeps from shared caches is not written into a page every visitor gets.
    await expect(
      render('/', { ...homeAnswers, 'api/events?pageSize=6': { status: 200, body: next, cacheControl: 'private' } })
        .page,
    ).resolves.toBeNull();
  });

  it('is among the pages nginx sends to the page server', () => {
    expect(detailPagePatterns[0]).toBe('/');
  });
});

describe('the communities grid in its HTML (issue 27)', () => {
  const cards = [
    { ...community, id: 4, name: 'Rustaceans', memberCount: 5 },
    {
      ...community,
      id: 9,
      name: 'Java Community',
      memberCount: 3,
      nextEvent: { id: 31, title: 'Spring into Java', startsAt: '2099-03-01T17:00:00Z', timeZone: 'Europe/Amsterdam' },
    },
  ];
  const overview = [{ countryId: 7, countryName: 'Netherlands', communities: 2, networks: 0 }];
  const grid = (doc: Document) =>
    [...doc.querySelectorAll('[data-first-frame] [data-testid="community-card"]')].map((card) => ({
      name: card.querySelector('h2')?.textContent,
      text: card.textContent,
    }));

  it('draws the view the address asks for from the read the page makes, and carries its answers for that address', async () => {
    const { page, asked } = render('/communities?sort=members&utm=x', {
      'api/community/base/1?sort=members': { status: 200, body: cards },
      'api/communitybase/1': { status: 200, body: { id: 1, name: 'Community' } },
      'api/community': { status: 200, body: overview },
    });
    const html = (await page)!;
    expect(asked.sort()).toEqual(['api/community', 'api/community/base/1?sort=members', 'api/communitybase/1']);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(grid(doc).map((c) => c.name)).toEqual(['Rustaceans', 'Java Community']);
    expect(grid(doc)[1]?.text).toContain('3 members');
    expect(grid(doc)[1]?.text).toContain('Spring into Java');
    // Join / Leave is the viewer's: the HTML keeps its place.
    expect(doc.querySelector('[data-first-frame] [data-testid="community-card"] button')).toBeNull();
    expect(doc.querySelector('[data-first-frame]')?.getAttribute('data-first-frame-at')).toBe(
      '/communities?sort=members&utm=x',
    );
    expect(doc.querySelector('[data-first-frame] select option[value="7"]')?.textContent).toBe('Netherlands (2)');
    expect(answersOf(html)).toEqual({
      'api/community/base/1?sort=members': cards,
      'api/communitybase/1': { id: 1, name: 'Community' },
      'api/community': overview,
    });
  });

  it('writes no answer the API keeps from shared caches into the page: the grid is then left to the page', async () => {
    const { page } = render('/networks', {
      'api/community/base/2': { status: 200, body: cards, cacheControl: 'no-store' },
      'api/communitybase/2': { status: 200, body: { id: 2, name: 'Network' }, cacheControl: 'private, max-age=60' },
    });
    const html = (await page)!;
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(grid(doc)).toEqual([]);
    expect(doc.querySelector('[data-first-frame] [role="progressbar"]')).not.toBeNull();
    expect(html).not.toContain('hub-first-reads');
  });
});

describe("the nonce's placeholder in a page's data (issue 23)", () => {
  const planted = '__HUB_CSP_NONCE__';
  const plantedEvent = {
    ...event,
    title: `Beacon ${planted} night`,
    description: `About ${planted}`,
    imageUrl: `https://beacon.example/c.png?n=${planted}`,
  };

  it('is never written as the placeholder, so the server writes the nonce only where the template asks', async () => {
    const html = (await render('/events/31', { 'api/events/31': { status: 200, body: plantedEvent } }).page)!;
    // Only the nonce attributes of the template's script and the page's styles are left for the nonce.
    expect(html).toContain(`<script nonce="${planted}">early()</script>`);
    expect(html.replaceAll(`nonce="${planted}"`, '')).not.toContain(planted);
    // …and every style and script of the page keeps its nonce (the provider's theme style included).
    const tags = [...html.matchAll(/<(style|script)\b[^>]*>/g)].map(([tag]) => tag);
    for (const tag of tags.filter((t) => !t.includes('application/json'))) expect(tag).toContain(`nonce="${planted}"`);
    // The browser reads the data as it was saved: title, heading, cover and its preload, the answers.
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.title).toBe(`${plantedEvent.title} · Community Hub`);
    expect(doc.querySelector('h1')?.textContent).toBe(plantedEvent.title);
    expect(doc.querySelector('[data-first-frame] img')?.getAttribute('src')).toBe(plantedEvent.imageUrl);
    expect(doc.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(plantedEvent.imageUrl);
    expect(answersOf(html)).toEqual({ 'api/events/31': plantedEvent });
  });

  it("keeps the markup's own nonce attributes (the provider's theme style) and hides any other", () => {
    const markup = `<style nonce="${planted}" id="fui-FluentProvider_R_0_">x</style><h1>${planted} nonce=&quot;${planted}&quot;</h1>`;
    expect(hideNoncePlaceholderInMarkup(markup)).toBe(
      `<style nonce="${planted}" id="fui-FluentProvider_R_0_">x</style><h1>&#95;_HUB_CSP_NONCE__ nonce=&quot;&#95;_HUB_CSP_NONCE__&quot;</h1>`,
    );
  });

  it('is hidden in JSON by an escape JSON.parse reads back', () => {
    const text = jsonForHtml({ [planted]: planted });
    expect(text).not.toContain(planted);
    expect(JSON.parse(text)).toEqual({ [planted]: planted });
  });
});

describe('jsonForHtml', () => {
  it('writes nothing that could end the element, open a comment or break a line in old parsers', () => {
    const text = jsonForHtml({ a: '</script><!-- & \u2028\u2029' });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ a: '</script><!-- & \u2028\u2029' });
  });
});
