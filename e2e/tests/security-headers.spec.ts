import { readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type APIResponse, type Browser, type Page } from '@playwright/test';
import { CspWatch, type CspViolation } from '../support/csp';
import { cancelQuietly, createEvent } from '../support/events';
import { apiOrigin, publicApi, uniqueName } from '../support/hub-api';
import { loginAs } from '../support/login';
import { main, mainNav } from '../support/site';
import { appDir, appOrigin, repoRoot, siteOrigin } from '../support/stack';

/**
 * Issue 9, item 3: the site's security headers (serving/src/security-headers.ts) as served, and
 * the Content-Security-Policy they set holding for the whole site. Every route of the route table
 * is walked as each demo persona with no CSP violation; the headers are checked on the host's
 * page, a host chunk, a remote entry, a remote chunk and remotes.json; the site cannot be framed by
 * another origin; no source map is served.
 */

// ---------------------------------------------------------------------------------------------
// Every route of the route table, with real ids from the API for its parameters
// ---------------------------------------------------------------------------------------------

/**
 * The paths of the host's route table (host/src/routing/route-table.ts), read from the sources so
 * that a new route is walked too: the table names each route's pattern (`at.<name>`), and the
 * patterns are written once in shared/src/routes/route-paths.ts. e2e imports no app code, so it reads
 * them as text.
 */
function routeTablePaths(): string[] {
  const read = (...parts: string[]) => readFileSync(path.join(repoRoot, ...parts), 'utf8');
  const table = read('host', 'src', 'routing', 'route-table.ts');
  const source = read('shared', 'src', 'routes', 'route-paths.ts');
  const block = source.slice(source.indexOf('export const routePatterns'), source.indexOf('} as const'));
  const patterns = new Map(
    [...block.matchAll(/^\s+(\w+): (?:'([^']*)'|.*=> `([^`]*)`)/gm)].map((m) => [
      m[1]!,
      (m[2] ?? m[3]!).replace('${slug}', 'hub'),
    ]),
  );
  const paths = [...table.matchAll(/\{ path: at\.(\w+)/g)].map(([, name]) => {
    const pattern = patterns.get(name!);
    if (pattern === undefined) throw new Error(`No route pattern named ${name} in route-paths.ts`);
    return pattern;
  });
  return [...new Set(paths)];
}

async function firstEventId(): Promise<number> {
  const answer = await fetch(`${apiOrigin}/api/events`);
  const body = (await answer.json()) as unknown;
  const list = (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray)) as Array<{
    id: number;
  }>;
  if (!list?.[0]) throw new Error('GET api/events listed no event');
  return list[0].id;
}

async function concreteRoutes(): Promise<string[]> {
  const [community] = await publicApi.communitiesOfBase(1);
  const [country] = await publicApi.countries();
  const params: Record<string, number> = {
    eventId: await firstEventId(),
    communityId: community!.id,
    countryId: country!.id,
  };
  return routeTablePaths().map((route) => {
    const filled = route
      .replace(/^events\/:id$/, `events/${params.eventId}`)
      .replace(/^community\/:id$/, `community/${params.communityId}`)
      .replace(/:(\w+)/g, (_, name: string) => String(params[name]))
      .replace(/^\*$/, 'no-such-page');
    return `/${filled}`;
  });
}

// ---------------------------------------------------------------------------------------------
// Walking the site
// ---------------------------------------------------------------------------------------------

/** Waits until the page has had no request in flight for a moment (remote chunks, API reads). */
async function settled(page: Page, inFlight: () => number): Promise<void> {
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 200) return;
    await page.waitForTimeout(50);
  }
}

function countInFlight(page: Page): () => number {
  const pending = new Set<unknown>();
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => pending.size;
}

/** Client-side navigation through the router (one full page load per persona keeps the walk fast). */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** Each persona with a header item only its roles give (SPEC §6), proof that its session and roles loaded. */
const personas: Array<{ who: string; email: string | null; navItem: string }> = [
  { who: 'anonymous', email: null, navItem: 'Home' },
  { who: 'admin', email: 'admin@hub.test', navItem: 'Admin dashboard' },
  { who: 'lead', email: 'lead@hub.test', navItem: 'Manage' },
  { who: 'core', email: 'core@hub.test', navItem: 'Manage' },
  { who: 'staff', email: 'staff@hub.test', navItem: 'My account' },
  { who: 'newstaff', email: 'newstaff@hub.test', navItem: 'My account' },
  { who: 'external', email: 'external@hub.test', navItem: 'My account' },
];

interface Walk {
  who: string;
  perPage: Record<string, number>;
  violations: CspViolation[];
  controlHeard: boolean;
}

/** Signs in as the persona (through the login screen, under the policy) and shows every route. */
async function walkAs(browser: Browser, persona: (typeof personas)[number], routes: string[]): Promise<Walk> {
  const context = await browser.newContext();
  try {
    const csp = await CspWatch.on(context);
    const page = await context.newPage();
    const inFlight = countInFlight(page);
    if (persona.email) await loginAs(page, persona.email);
    else await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: persona.navItem, exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await settled(page, inFlight);

    const perPage: Record<string, number> = {};
    for (const route of routes) {
      const before = csp.violations.length;
      await navigate(page, route);
      await expect(main(page)).toBeVisible();
      await settled(page, inFlight);
      perPage[route] = csp.violations.length - before;
    }
    // A full page load under the policy too: a deep link straight to a remote's screen.
    const before = csp.violations.length;
    await page.goto(routes.find((r) => r.startsWith('/community/'))!);
    await expect(main(page)).toBeVisible();
    await settled(page, inFlight);
    perPage['(full load) community detail'] = csp.violations.length - before;
    const violations = [...csp.violations];

    // Control: the policy is on in this page and the watch hears it. An injected <style> without
    // the page's nonce is refused and reported (as it would have been on any route above).
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      document.head.append(style);
    });
    const controlHeard = await expect
      .poll(() => csp.since(violations.length).some((v) => v.directive === 'style-src-elem'))
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    return { who: persona.who, perPage, violations, controlHeard };
  } finally {
    await context.close();
  }
}

test('every route of the route table, as each persona, shows with no CSP violation', async ({ browser }) => {
  test.setTimeout(240_000);
  const routes = await concreteRoutes();
  // The route table of SPEC §2 (27 paths, event-form twice); a parsing slip must not shrink the walk.
  expect(routes.length).toBeGreaterThanOrEqual(27);

  // The personas walk side by side, each in its own browser context: it keeps the suite fast.
  const walks = await Promise.all(personas.map((persona) => walkAs(browser, persona, routes)));
  for (const walk of walks) {
    console.log(`${walk.who}: CSP violations per page ${JSON.stringify(walk.perPage)}`);
  }
  for (const walk of walks) {
    expect(walk.violations, `CSP violations as ${walk.who}`).toEqual([]);
    expect(Object.keys(walk.perPage), walk.who).toHaveLength(routes.length + 1);
    expect(walk.controlHeard, `${walk.who}: an injected style without the nonce was refused and reported`).toBe(true);
  }
});

// ---------------------------------------------------------------------------------------------
// Headers as served
// ---------------------------------------------------------------------------------------------

const baseline = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

function expectBaseline(answer: APIResponse, what: string) {
  expect(answer.status(), what).toBe(200);
  expect(answer.headers(), what).toMatchObject(baseline);
  expect(answer.headers()['permissions-policy'], what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
}

/** A hashed chunk of a build (name.0123456789.js), not an entry. */
/**
 * The app's largest hashed chunk: code of its own, which always has a source map. The first by name
 * could be one of webpack's few-hundred-byte re-export chunks (a shared module's proxy), generated
 * without a source of their own and so without a map.
 */
function aChunkOf(dir: string): string {
  const folder = path.join(dir, 'dist');
  const chunks = readdirSync(folder).filter((f) => /\.[0-9a-f]{10}\.js$/.test(f));
  if (chunks.length === 0) throw new Error(`No hashed chunk in ${dir}/dist`);
  const size = (f: string) => statSync(path.join(folder, f)).size;
  return chunks.reduce((largest, f) => (size(f) > size(largest) ? f : largest));
}

test('the host page, a host chunk, a remote entry and chunk, and remotes.json carry the security headers', async ({
  request,
}) => {
  const page = await request.get('/events/event-list');
  expectBaseline(page, 'host page');
  const csp = page.headers()['content-security-policy']!;
  console.log(`host page headers:\n${JSON.stringify(page.headers(), null, 2)}`);
  const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toEqual([
    "'self'",
    expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/),
    ...['events', 'communities', 'account', 'admin'].map((r) => appOrigin(r as 'events')),
  ]);
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(directives['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/)]);
  expect(directives['connect-src']).toEqual(
    expect.arrayContaining([apiOrigin, `https://localhost:${process.env.HUB_IDP_PORT ?? 8443}`]),
  );
  for (const [name, value] of Object.entries({
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  })) {
    expect(directives[name], name).toEqual([value]);
  }
  // The nonce in the header is the one written into the page, for Fluent's style renderer.
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await page.text();
  expect(html).toContain(`<meta name="csp-nonce" content="${nonce}"`);
  expect(directives['script-src']).toContain(`'nonce-${nonce}'`);
  // Every inline script (the remote's early start) carries this answer's nonce; no other script is inline.
  const inline = [...html.matchAll(/<script\b([^>]*)>/g)].filter(([, attributes]) => !/\ssrc=/.test(attributes!));
  expect(inline.length).toBeGreaterThan(0);
  for (const [tag] of inline) expect(tag).toContain(`nonce="${nonce}"`);

  const hostChunk = await request.get(`/${aChunkOf(appDir('host'))}`);
  expectBaseline(hostChunk, 'host chunk');

  const remotes = await request.get('/remotes.json');
  expectBaseline(remotes, 'remotes.json');
  expect(remotes.headers()['cache-control']).toBe('no-store');

  const events = appDir('events');
  for (const file of ['remoteEntry.js', aChunkOf(events)]) {
    const answer = await request.get(`${appOrigin('events')}/${file}`, {
      headers: { origin: siteOrigin, 'accept-encoding': 'gzip' },
    });
    expectBaseline(answer, `remote ${file}`);
    expect(answer.headers()['access-control-allow-origin'], file).toBe(siteOrigin);
    // The answer depends on the origin and the encoding: a cache must key on both.
    expect(answer.headers()['vary'], file).toBe('Origin, Accept-Encoding');
    console.log(`remote ${file} headers:\n${JSON.stringify(answer.headers(), null, 2)}`);
  }
});

test("a page's data cannot take the page's nonce out: the nonce is only in the policy and the nonce attributes (issue 23)", async ({
  request,
}) => {
  const placeholder = '__HUB_CSP_NONCE__';
  // A lead saves an event whose title and cover address hold the servers' placeholder (a beacon on
  // any https host would receive what the server wrote there: img-src allows https:).
  const event = await createEvent({
    title: uniqueName(`Beacon ${placeholder}`),
    imageUrl: `https://beacon.example/cover.png?n=${placeholder}`,
    locations: [{ cityName: 'Amsterdam', address: 'Herengracht 1', online: 'No' }],
  });
  try {
    // Served by the page server: the event's page drawn from its data.
    const answer = await request.get(`/events/${event.id}`);
    expect(answer.status()).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy']!)![1]!;
    const html = await answer.text();
    expect(html, 'the page is drawn from the event').toContain('data-first-frame="events:eventDetail"');
    // Every nonce in the page is a nonce attribute (or the style renderer's meta): none in the data.
    expect(html).toContain(`nonce="${nonce}"`);
    expect(
      html.replaceAll(`nonce="${nonce}"`, '').replaceAll(`<meta name="csp-nonce" content="${nonce}"`, ''),
    ).not.toContain(nonce);
    // What the page shows is the text the lead saved.
    expect(html).toContain(event.title.replace(placeholder, `&#95;${placeholder.slice(1)}`));
  } finally {
    await cancelQuietly(event.id);
  }
});

test('no source map is served, by the host or a remote, though they are kept beside the build', async ({ request }) => {
  for (const app of ['host', 'events', 'communities', 'account', 'admin'] as const) {
    const dir = appDir(app);
    const chunk = aChunkOf(dir);
    // Built hidden: the maps exist beside dist/, and nothing points at them.
    expect(readdirSync(path.join(dir, 'dist-sourcemaps')), app).toContain(`${chunk}.map`);
    expect(readFileSync(path.join(dir, 'dist', chunk), 'utf8'), app).not.toContain('sourceMappingURL');
    for (const file of [`${chunk}.map`, 'main.js.map', 'remoteEntry.js.map']) {
      const answer = await request.get(`${appOrigin(app)}/${file}`);
      expect({ app, file, status: answer.status() }).toEqual({ app, file, status: 404 });
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Framing
// ---------------------------------------------------------------------------------------------

test('another origin cannot frame the site (clickjacking), nor its work-account bridge page', async ({ page }) => {
  const framed = [`${siteOrigin}/`, `${siteOrigin}/events/event-list`, `${siteOrigin}/auth/redirect.html`];
  // A page of another origin (another loopback port) that frames each, and its own page as a control.
  const attacker = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    if (req.url === '/own') return res.end('<!doctype html><p id="own">own page</p>');
    res.end(`<!doctype html>${[...framed, '/own'].map((src) => `<iframe src="${src}"></iframe>`).join('')}`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = attacker.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const own = page.frameLocator('iframe[src="/own"]');
    await expect(own.locator('#own')).toHaveText('own page');
    // Give the site's frames time to run if they were allowed to: the app would render its root.
    await page.waitForTimeout(1500);
    for (const src of framed) {
      // A refused frame holds the browser's error page, not the site's document (#root, or the bridge's #message).
      const content = await page
        .locator(`iframe[src="${src}"]`)
        .elementHandle()
        .then((h) => h!.contentFrame());
      const shown = content
        ? await content
            .locator('#root, #message')
            .count()
            .catch(() => 0)
        : 0;
      expect({ src, shown }, `the site framed by another origin: ${src}`).toEqual({ src, shown: 0 });
    }
  } finally {
    attacker.close();
    attacker.closeAllConnections();
  }
});
