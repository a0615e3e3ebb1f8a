import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { hostPolicySources } from '../../serving/src/security-headers';
import { startStaticApp } from './static-server';

/** The local static servers apply the policy of security-headers.ts to real answers. */

const site = 'http://localhost:3000';
const policy = () =>
  hostPolicySources(
    { events: 'http://localhost:3001/mf-manifest.json' },
    { apiBaseUrl: 'http://localhost:8080/', msal: { authority: 'https://localhost:8443/t/v2.0' } },
    site,
  );
const page = (title: string) =>
  `<!doctype html><html><head><meta name="csp-nonce" content="__HUB_CSP_NONCE__" /><style nonce="__HUB_CSP_NONCE__">body{}</style><title>${title}</title></head></html>`;

let dir: string;
const servers: http.Server[] = [];
let hostUrl: string;
let remoteUrl: string;

async function serve(options: Parameters<typeof startStaticApp>[0]): Promise<string> {
  const server = await startStaticApp({ ...options, port: 0 });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'hub-static-'));
  await mkdir(path.join(dir, 'auth'));
  await writeFile(path.join(dir, 'index.html'), page('app'));
  await writeFile(path.join(dir, 'auth', 'redirect.html'), page('bridge'));
  const chunk = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  await writeFile(path.join(dir, 'main.abcdef0123.js'), chunk);
  await writeFile(path.join(dir, 'main.abcdef0123.js.gz'), gzipSync(chunk));
  await writeFile(path.join(dir, 'main.abcdef0123.js.map'), '{"sources":["secret.ts"]}');
  await writeFile(path.join(dir, '_headers'), '/*');
  hostUrl = await serve({ dir, port: 0, spa: true, pagePolicy: policy });
  remoteUrl = await serve({ dir, port: 0, corsOrigins: [site] });
});

after(async () => {
  for (const server of servers) {
    server.close();
    server.closeAllConnections();
  }
  await rm(dir, { recursive: true, force: true });
});

/** The status of a GET for `rawPath` exactly as written (no URL parsing on the way). */
function rawStatus(base: string, rawPath: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('the host static server', () => {
  for (const url of ['/', '/events/event-list', '/index.html']) {
    it(`answers the page ${url} with its CSP and the same fresh nonce in the page`, async () => {
      const answer = await fetch(hostUrl + url);
      assert.equal(answer.status, 200);
      const csp = answer.headers.get('content-security-policy');
      assert.match(csp ?? '', /frame-ancestors 'none'/);
      assert.equal(answer.headers.get('x-frame-options'), 'DENY');
      assert.equal(answer.headers.get('cache-control'), 'no-cache');
      // No validator: a revalidation is a full answer with a new nonce, never a 304 keeping the old page.
      assert.equal(answer.headers.get('etag'), null);
      assert.equal(answer.headers.get('last-modified'), null);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
      const nonce = nonceOf(csp);
      const body = await answer.text();
      assert.ok(
        body.includes(`<meta name="csp-nonce" content="${nonce}" />`),
        `<meta name="csp-nonce" content="${nonce}" />`,
      );
      assert.ok(body.includes(`<style nonce="${nonce}">`), `<style nonce="${nonce}">`);
      assert.ok(!body.includes('__HUB_CSP_NONCE__'));
    });
  }

  it('compresses a page for a browser that accepts gzip (its nonce written first), and only then', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${hostUrl}/events/event-list`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const zipped = await raw({ 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(zipped.headers.vary ?? '', /Accept-Encoding/);
    const text = gunzipSync(zipped.body).toString('utf8');
    assert.equal(Number(zipped.headers['content-length']), zipped.body.byteLength);
    assert.ok(text.includes(`nonce="${nonceOf(String(zipped.headers['content-security-policy']))}"`));
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'gzip;q=0' },
    ];
    for (const refused of refusals) {
      const plain = await raw(refused);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.match(plain.body.toString('utf8'), /^<!doctype html>/);
    }
  });

  it('gives every answer its own nonce', async () => {
    const [a, b] = await Promise.all([fetch(hostUrl), fetch(hostUrl)]);
    assert.notEqual(
      nonceOf(a.headers.get('content-security-policy')),
      nonceOf(b.headers.get('content-security-policy')),
    );
  });

  it('lets the work-account bridge page be framed by the site itself only', async () => {
    const answer = await fetch(`${hostUrl}/auth/redirect.html`);
    assert.ok((await answer.text()).includes('<title>bridge</title>'));
    assert.match(answer.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'/);
    assert.equal(answer.headers.get('x-frame-options'), 'SAMEORIGIN');
  });

  it('never serves source maps or deployment files, and no page outside the build folder', async () => {
    for (const url of [
      '/main.abcdef0123.js.map',
      '/main.abcdef0123.js%2Emap',
      '/_headers',
      '/..%2f..%2f..%2fetc%2fhosts.html',
      '/missing.html',
    ]) {
      const answer = await fetch(hostUrl + url);
      assert.deepEqual({ url, status: answer.status }, { url, status: 404 });
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    }
  });

  it('sends every other file with the baseline headers and no page policy', async () => {
    const answer = await fetch(`${hostUrl}/main.abcdef0123.js`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(answer.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
    assert.equal(answer.headers.get('content-security-policy'), null);
  });
});

describe('a remote static server', () => {
  it('answers an allowed origin with its CORS header and Vary on both Origin and Accept-Encoding', async () => {
    const answer = await fetch(`${remoteUrl}/main.abcdef0123.js`, {
      headers: { origin: site, 'accept-encoding': 'gzip' },
    });
    assert.equal(answer.headers.get('access-control-allow-origin'), site);
    assert.equal(answer.headers.get('vary'), 'Origin, Accept-Encoding');
    assert.equal(answer.headers.get('content-encoding'), 'gzip');
    assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
  });

  it('keeps Vary: Origin when the origin is not allowed or absent, so no cache hands that answer to the site', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const answer = await fetch(`${remoteUrl}/main.abcdef0123.js`, { headers });
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.match(answer.headers.get('vary') ?? '', /^Origin\b/);
    }
  });

  it('never serves source maps', async () => {
    assert.equal((await fetch(`${remoteUrl}/main.abcdef0123.js.map`)).status, 404);
  });
});

describe('serving releases (release-store.ts)', () => {
  let store: string;
  let current = 'r1';
  let hostOfReleases: string;
  let remoteOfReleases: string;
  const hexOf: Record<string, string> = { r1: 'aaaaaaaa01', r2: 'aaaaaaaa02' };

  before(async () => {
    store = await mkdtemp(path.join(os.tmpdir(), 'hub-static-releases-'));
    for (const id of ['r1', 'r2']) {
      await mkdir(path.join(store, id), { recursive: true });
      await writeFile(path.join(store, id, 'index.html'), page(id));
      await writeFile(path.join(store, id, 'main.js'), `/* ${id} */`);
      await writeFile(path.join(store, id, 'remoteEntry.js'), `/* entry ${id} */`);
      await writeFile(path.join(store, id, `chunk.${hexOf[id]}.js`), `/* chunk ${id} */`);
    }
    hostOfReleases = await serve({
      dir: () => path.join(store, current),
      fallbackDirs: () => [path.join(store, 'r2'), path.join(store, 'r1')],
      port: 0,
      spa: true,
      pagePolicy: policy,
    });
    remoteOfReleases = await serve({ dir, mounts: { '/releases': () => store }, port: 0, corsOrigins: [site] });
  });

  after(() => rm(store, { recursive: true, force: true }));

  it('serves the host from whichever release is current at the time of the request', async () => {
    current = 'r1';
    assert.match(await (await fetch(`${hostOfReleases}/events/event-list`)).text(), /<title>r1<\/title>/);
    assert.equal(await (await fetch(`${hostOfReleases}/main.js`)).text(), '/* r1 */');
    current = 'r2';
    assert.match(await (await fetch(`${hostOfReleases}/`)).text(), /<title>r2<\/title>/);
    assert.equal(await (await fetch(`${hostOfReleases}/main.js`)).text(), '/* r2 */');
  });

  it("keeps an earlier release's hashed chunks reachable, but never its un-hashed files", async () => {
    current = 'r2';
    const old = await fetch(`${hostOfReleases}/chunk.aaaaaaaa01.js`);
    assert.equal(old.status, 200);
    assert.equal(await old.text(), '/* chunk r1 */');
    assert.equal(old.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetch(`${hostOfReleases}/remoteEntry.js`)).status, 200);
    assert.equal((await fetch(`${hostOfReleases}/nothing.0123456789.js`)).status, 404);
  });

  it("serves a remote's releases under /releases/<id>/, with the same caching rules", async () => {
    const entry = await fetch(`${remoteOfReleases}/releases/r1/remoteEntry.js`, { headers: { Origin: site } });
    assert.equal(entry.status, 200);
    assert.equal(await entry.text(), '/* entry r1 */');
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    assert.equal(entry.headers.get('access-control-allow-origin'), site);
    const chunk = await fetch(`${remoteOfReleases}/releases/r2/chunk.aaaaaaaa02.js`);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetch(`${remoteOfReleases}/releases/r3/remoteEntry.js`)).status, 404);
    assert.equal((await fetch(`${remoteOfReleases}/releases/../../etc/passwd`)).status, 404);
    // The build at / is still served beside the releases.
    assert.equal((await fetch(`${remoteOfReleases}/main.abcdef0123.js`)).status, 200);
  });
});

describe("the host's detail pages, drawn by its build's page renderer (detail-pages.ts)", () => {
  let build: string;
  let drawingUrl: string;
  let plainUrl: string;

  before(async () => {
    build = await mkdtemp(path.join(os.tmpdir(), 'hub-static-detail-'));
    await mkdir(path.join(build, '_server'));
    await writeFile(path.join(build, 'index.html'), page('home'));
    await writeFile(path.join(build, 'shell.html'), page('shell'));
    await writeFile(path.join(build, 'route-patterns.json'), JSON.stringify(['/', '/events/:id']));
    await writeFile(path.join(build, 'route-remotes.json'), JSON.stringify({ '/events/:id': 'events' }));
    await writeFile(path.join(build, '_server', 'page-template.html'), page('template'));
    // A renderer as the host's build bundles one: the page for /events/31, nothing or a failure otherwise.
    await writeFile(
      path.join(build, '_server', 'render-detail-page.cjs'),
      `exports.renderDetailPage = async ({ pathname, search, template, apiBaseUrl, product, remotes }) => {
        if (pathname === '/events/666') throw new Error('broken');
        if (pathname !== '/events/31') return null;
        const at = search ? ' at ?' + search : '';
        return template.replace('<title>template</title>', '<title>drawn from ' + apiBaseUrl + ' for ' + product.name + ' with ' + remotes.events + at + '</title>');
      };`,
    );
    const context = {
      preconnect: [],
      productSlug: 'hub',
      remotes: { events: 'http://localhost:3001/mf-manifest.json' },
    };
    drawingUrl = await serve({
      dir: build,
      port: 0,
      spa: true,
      pagePolicy: policy,
      pageContext: () => ({
        ...context,
        detailPages: { apiBaseUrl: 'http://api.test/', product: { name: 'Hub', slug: 'hub' } },
      }),
    });
    plainUrl = await serve({ dir: build, port: 0, spa: true, pagePolicy: policy, pageContext: () => context });
  });

  after(() => rm(build, { recursive: true, force: true }));

  it('answers a detail page with what the renderer drew, with its nonce and the remote manifest preload', async () => {
    const answer = await fetch(`${drawingUrl}/events/31`);
    assert.equal(answer.status, 200);
    const html = await answer.text();
    // The renderer is given the live /remotes.json: it draws the remote's frame from that release (issue 25).
    assert.match(
      html,
      /<title>drawn from http:\/\/api\.test\/ for Hub with http:\/\/localhost:3001\/mf-manifest\.json<\/title>/,
    );
    const nonce = nonceOf(answer.headers.get('content-security-policy'));
    assert.ok(nonce);
    assert.ok(html.includes(`<style nonce="${nonce}">`));
    assert.ok(html.includes('data-hub-remote="events"'));
  });

  it("gives the renderer the address's query, which a grid's view is drawn from (issue 27)", async () => {
    const html = await (await fetch(`${drawingUrl}/events/31?sort=members&search=a%20b`)).text();
    assert.ok(html.includes('mf-manifest.json at ?sort=members&search=a%20b</title>'), html);
  });

  it('answers with the shell when the renderer draws nothing, fails, or is not asked', async () => {
    for (const [url, pathname] of [
      [drawingUrl, '/events/32'],
      [drawingUrl, '/events/666'],
      [plainUrl, '/events/31'],
    ] as const) {
      const answer = await fetch(url + pathname);
      assert.equal(answer.status, 200, pathname);
      assert.match(await answer.text(), /<title>shell<\/title>/, pathname);
    }
  });

  it('never serves the renderer or its template', async () => {
    for (const file of ['/_server/render-detail-page.cjs', '/_server/page-template.html', '/_server/', '/_SERVER/x']) {
      const answer = await fetch(drawingUrl + file);
      assert.deepEqual({ file, status: answer.status }, { file, status: 404 });
    }
  });

  it('never serves them under an address written another way (issue 23)', async () => {
    // Sent as written: fetch would resolve `.` itself before asking.
    for (const file of [
      '//_server/render-detail-page.cjs',
      '///_server/page-template.html',
      '/./_server/render-detail-page.cjs',
      '/x/../_server/page-template.html',
      '/%2F_server/render-detail-page.cjs',
      '/%2f_server/page-template.html',
      '/.%2F_server/render-detail-page.cjs',
      '/%2e/_server/page-template.html',
    ]) {
      const status = await rawStatus(drawingUrl, file);
      assert.deepEqual({ file, status }, { file, status: 404 });
    }
  });
});
