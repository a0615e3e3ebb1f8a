import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { baselineHeaders } from '../../../serving/src/security-headers.ts';
import { distDir, type AppName } from '../../../serving/src/site-config.ts';
import { publicApi } from '../../support/hub-api';
import { topologyInfo } from '../topology-info.ts';

/**
 * Every path nginx serves, with the headers it serves it with: every file of the five builds (the
 * host's with its deploy-time documents), every route of the host's route table, an address no
 * route names, the API on the site's origin. DESIGN.md's policy, checked on the answers as the
 * browser gets them: the security headers on every answer (nginx drops inherited add_headers in a
 * location that sets its own), source maps and the page server's files refused, `no-store`
 * deploy documents, `immutable` hashed chunks, `no-cache` for everything else, a fresh CSP nonce
 * for every page matching the page's own scripts, CORS for the site on the remotes' files.
 */
const topology = topologyInfo();
const deployDocuments = ['/remotes.json', '/app-config.json', '/manifest.webmanifest'];
const hashed = /\.[0-9a-f]{10}\.[a-z0-9]+$/;
const refused = /(\.map|\.map\.gz)$|^\/_server\//;

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
}

interface Served {
  url: string;
  status: number;
  headers: Headers;
  body: string;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Served> {
  const answer = await fetch(url, { headers });
  return { url, status: answer.status, headers: answer.headers, body: await answer.text() };
}

/** What is wrong with one answer's headers, as `url: problem` lines (empty when nothing is). */
function problemsOf(served: Served, expected: { status: number; cache: string; cors?: string }): string[] {
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${served.url}: ${problem}`);
  if (served.status !== expected.status) say(`status ${served.status}, expected ${expected.status}`);
  for (const [name, value] of Object.entries(baselineHeaders)) {
    const got = served.headers.get(name);
    // The work-account bridge page may be framed by the site itself.
    const allowed = name === 'X-Frame-Options' ? [value, 'SAMEORIGIN'] : [value];
    if (!got || !allowed.includes(got)) say(`${name} is ${got}`);
  }
  const cache = served.headers.get('cache-control');
  if (cache !== expected.cache) say(`Cache-Control is ${cache}, expected ${expected.cache}`);
  if (expected.cors !== undefined && served.headers.get('access-control-allow-origin') !== expected.cors)
    say(`Access-Control-Allow-Origin is ${served.headers.get('access-control-allow-origin')}`);
  return problems;
}

const cacheOf = (pathname: string, host: boolean) =>
  host && deployDocuments.includes(pathname)
    ? 'no-store'
    : hashed.test(pathname)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';

const origins: Record<AppName, string> = { host: topology.siteOrigin, ...topology.remoteOrigins };

test('every file of the five builds is served with its policy, source maps and the page server refused', async () => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  let checked = 0;
  for (const app of Object.keys(origins) as AppName[]) {
    const host = app === 'host';
    const paths = [...new Set([...filesOf(distDir(app)), ...(host ? deployDocuments : [])])];
    // A few at a time: nginx is quick, the machine is shared.
    for (let i = 0; i < paths.length; i += 16) {
      const batch = await Promise.all(
        paths.slice(i, i + 16).map(async (pathname) => {
          const served = await get(`${origins[app]}${pathname}`, host ? {} : { origin: topology.siteOrigin });
          const refuse = refused.test(pathname);
          // A page file (.html) carries its CSP and is revalidated: that is a page's policy, checked below too.
          return problemsOf(served, {
            status: refuse ? 404 : 200,
            cache: refuse ? 'no-cache' : cacheOf(pathname, host),
            ...(host || refuse ? {} : { cors: topology.siteOrigin }),
          });
        }),
      );
      problems.push(...batch.flat());
      checked += batch.length;
    }
  }
  test.info().annotations.push({ type: 'paths', description: `${checked} build paths checked` });
  expect(checked).toBeGreaterThan(200);
  expect(problems).toEqual([]);
});

test('every route of the host is a page with a fresh CSP nonce its scripts carry; an unknown address is the 404 page', async () => {
  const routes = JSON.parse(readFileSync(path.join(distDir('host'), 'route-patterns.json'), 'utf8')) as string[];
  const [community] = await publicApi.communitiesOfBase(1);
  const [country] = await publicApi.countries();
  const events = (await (await fetch(`${topology.siteOrigin}/api/events`)).json()) as { items: Array<{ id: number }> };
  const ids: Record<string, number> = {
    id: events.items[0]!.id,
    eventId: events.items[0]!.id,
    communityId: community!.id,
  };
  const paths = routes
    .filter((route) => !route.includes('*'))
    .map((route) =>
      route
        .replaceAll('{productSlug}', 'hub')
        .replace(/^\/community\/:id$/, `/community/${community!.id}`)
        .replace(/:countryId/, String(country!.id))
        .replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? 1)),
    );
  expect(paths.length).toBeGreaterThan(15);
  const problems: string[] = [];
  for (const pathname of [...paths, '/auth/redirect.html']) {
    const [first, second] = [
      await get(`${topology.siteOrigin}${pathname}`),
      await get(`${topology.siteOrigin}${pathname}`),
    ];
    problems.push(...problemsOf(first, { status: 200, cache: 'no-cache' }));
    const nonces = [first, second].map(
      (s) => /'nonce-([^']+)'/.exec(s.headers.get('content-security-policy') ?? '')?.[1],
    );
    if (!nonces[0] || nonces[0] === nonces[1]) problems.push(`${pathname}: no fresh nonce (${nonces.join(' / ')})`);
    else if (!first.body.includes(`nonce="${nonces[0]}"`))
      problems.push(`${pathname}: the page's scripts lack the nonce`);
    if (!/frame-ancestors/.test(first.headers.get('content-security-policy') ?? ''))
      problems.push(`${pathname}: CSP without frame-ancestors`);
  }
  const unknown = await get(`${topology.siteOrigin}/no-such-page`);
  problems.push(...problemsOf(unknown, { status: 404, cache: 'no-cache' }));
  expect(unknown.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(problems).toEqual([]);
});

test('the API and the page server answer on the site origin through nginx (an event, the home), compressed assets are served compressed', async () => {
  const health = await get(`${topology.siteOrigin}/api/health/ready`);
  expect(health.status).toBe(200);
  // An event's page is drawn by the page server from the API's answer (a shell would not name it).
  const events = (await (await fetch(`${topology.siteOrigin}/api/events`)).json()) as {
    items: Array<{ id: number; title: string }>;
  };
  const event = events.items[0]!;
  const page = await get(`${topology.siteOrigin}/events/${event.id}`);
  expect(problemsOf(page, { status: 200, cache: 'no-cache' })).toEqual([]);
  expect(page.body).toContain(`<h1`);
  expect(page.body).toContain(event.title.replaceAll('&', '&amp;'));
  // The home too, with the events widget's frame: the featured event (issues 24 and 27).
  const { featuredEvent } = (await (await fetch(`${topology.siteOrigin}/api/home`)).json()) as {
    featuredEvent: { title: string } | null;
  };
  const home = await get(`${topology.siteOrigin}/`);
  expect(problemsOf(home, { status: 200, cache: 'no-cache' })).toEqual([]);
  // The first page after a start may miss its 300 ms while the remote's frames load: the prerendered home.
  await expect
    .poll(async () => (await get(`${topology.siteOrigin}/`)).body.includes('data-drawn-widget="events:upcomingEvents"'))
    .toBe(true);
  expect((await get(`${topology.siteOrigin}/`)).body).toContain(featuredEvent!.title.replaceAll('&', '&amp;'));
  const main = await fetch(`${topology.siteOrigin}/main.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(main.headers.get('content-encoding')).toBe('gzip');
  expect(main.headers.get('vary')).toContain('Accept-Encoding');
});
