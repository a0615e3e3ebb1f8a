import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { pagePreconnect } from '../../serving/src/prerendered-pages';
import { baselineHeaders, hostPolicySources, type AppConfigSources } from '../../serving/src/security-headers';
import { cacheControl } from '../../serving/src/serving-rules';
import { startStaticApp } from './static-server';

/**
 * The serving rules are written once (serving-rules.ts): the same fixture build, one file of each
 * kind, served by Debian's nginx with the generated configuration (the bundled `nginx-config`
 * command, the bundled `deploy-documents` command, the bundled page server) and by devstack's Node
 * server; every kind of address must be answered alike: status, Cache-Control, the security headers,
 * the CSP (its nonce aside), CORS, Vary, Content-Type, and for pages the very HTML.
 */

// The production commands are bundled from serving/ (build-dist.mjs), run from there.
const serving = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'serving');
const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { cwd: serving, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')}: ${output}`)),
    );
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function waitFor(url: string, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      if (Date.now() > end) throw new Error(`${url} did not answer`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const page = (title: string) =>
  `<!doctype html><html><head><meta name="csp-nonce" content="__HUB_CSP_NONCE__"/><style nonce="__HUB_CSP_NONCE__">body{}</style><title>${title}</title></head><body></body></html>`;
const chunk = `console.log(${JSON.stringify('x'.repeat(3000))});`;

let tmp: string;
let hostDir: string;
let remoteDir: string;
let siteOrigin: string;
let nginxHost: string;
let nginxRemote: string;
let nodeHost: string;
let nodeHostWithoutDrawing: string;
let nodeRemote: string;
let apiSeen: http.IncomingHttpHeaders[] = [];
let nginx: ChildProcess;
let pageServer: ChildProcess;
const servers: http.Server[] = [];

async function writeHostFixture() {
  await mkdir(path.join(hostDir, 'about'), { recursive: true });
  await mkdir(path.join(hostDir, 'auth'));
  await mkdir(path.join(hostDir, '_server'));
  await mkdir(path.join(hostDir, 'icons'));
  await writeFile(path.join(hostDir, 'index.html'), page('home'));
  await writeFile(path.join(hostDir, 'about', 'index.html'), page('about'));
  await writeFile(path.join(hostDir, 'shell.html'), page('shell'));
  await writeFile(path.join(hostDir, '404.html'), page('not found'));
  await writeFile(path.join(hostDir, 'auth', 'redirect.html'), page('bridge'));
  await writeFile(path.join(hostDir, 'route-patterns.json'), JSON.stringify(['/', '/about', '/events/:id', '/*']));
  await writeFile(path.join(hostDir, 'route-remotes.json'), JSON.stringify({ '/events/:id': 'events' }));
  await writeFile(path.join(hostDir, 'main.js'), chunk);
  await writeFile(path.join(hostDir, 'main.js.gz'), gzipSync(chunk));
  await writeFile(path.join(hostDir, 'ngsw-worker.js'), chunk);
  await writeFile(path.join(hostDir, 'mf-manifest.json'), '{"name":"host"}');
  await writeFile(path.join(hostDir, 'render-site.abcdef0123.js'), chunk);
  await writeFile(path.join(hostDir, 'render-site.abcdef0123.js.gz'), gzipSync(chunk));
  await writeFile(path.join(hostDir, 'render-site.abcdef0123.js.map'), '{"sources":["secret.ts"]}');
  await writeFile(path.join(hostDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(hostDir, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(hostDir, '_server', 'page-template.html'), page('template'));
  // A renderer as the host's build bundles one (its own tests are the host's): the home and /events/31 drawn, any other nothing.
  await writeFile(
    path.join(hostDir, '_server', 'render-detail-page.cjs'),
    `exports.detailPagePatterns = ['/', '/events/:id'];
     exports.renderDetailPage = async ({ pathname, template, apiBaseUrl, product }) =>
       pathname === '/events/31' || pathname === '/' ? template.replace('<title>template</title>', '<title>drawn from ' + apiBaseUrl + ' for ' + product.name + ' at ' + pathname + '</title>') : null;`,
  );
}

async function writeRemoteFixture() {
  await mkdir(remoteDir, { recursive: true });
  await writeFile(path.join(remoteDir, 'remoteEntry.js'), chunk);
  await writeFile(path.join(remoteDir, 'remoteEntry.js.gz'), gzipSync(chunk));
  await writeFile(path.join(remoteDir, 'mf-manifest.json'), '{"name":"events"}');
  await writeFile(path.join(remoteDir, 'screen-eventList.abcdef0123.js'), chunk);
  await writeFile(path.join(remoteDir, 'screen-eventList.abcdef0123.js.map'), '{}');
}

function startPageServer(port: number) {
  pageServer = spawn(process.execPath, [path.join(tmp, 'bin', 'page-server.mjs')], {
    env: {
      ...process.env,
      HUB_PAGE_SERVER_ROOT: hostDir,
      HUB_PAGE_SERVER_PORT: String(port),
      HUB_PAGE_SERVER_HOST: '127.0.0.1',
      HUB_SITE_ORIGIN: siteOrigin,
      HUB_API_INTERNAL_URL: 'http://api.internal/',
    },
    stdio: 'ignore',
  });
  return waitFor(`http://127.0.0.1:${port}/healthz`);
}

const stopProcess = (child: ChildProcess | undefined) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-parity-'));
  hostDir = path.join(tmp, 'host');
  remoteDir = path.join(tmp, 'events');
  await writeHostFixture();
  await writeRemoteFixture();
  const [hostPort, pagePort, ...remotePorts] = await Promise.all([1, 2, 3, 4, 5, 6].map(freePort));
  siteOrigin = `http://127.0.0.1:${hostPort}`;
  nginxHost = siteOrigin;
  nginxRemote = `http://127.0.0.1:${remotePorts[0]}`;

  // One API process answers, the other is down: nginx must pass every read on to the live one.
  const api = http.createServer((req, res) => {
    apiSeen.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  servers.push(api);
  const apiPort = (api.address() as AddressInfo).port;
  const deadPort = await freePort();

  const remoteNames = ['events', 'communities', 'account', 'admin'];
  const env: NodeJS.ProcessEnv = {
    HUB_SITE_ORIGIN: siteOrigin,
    HUB_API_BASE_URL: `${siteOrigin}/`,
    ...Object.fromEntries(
      remoteNames.map((name, i) => [
        `HUB_REMOTE_${name.toUpperCase()}_URL`,
        `http://127.0.0.1:${remotePorts[i]}/mf-manifest.json`,
      ]),
    ),
    HUB_NGINX_HOST_LISTEN: `127.0.0.1:${hostPort}`,
    HUB_NGINX_HOST_ROOT: hostDir,
    ...Object.fromEntries(
      remoteNames.flatMap((name, i) => [
        [`HUB_NGINX_${name.toUpperCase()}_LISTEN`, `127.0.0.1:${remotePorts[i]}`],
        [`HUB_NGINX_${name.toUpperCase()}_ROOT`, remoteDir],
      ]),
    ),
    HUB_NGINX_API_UPSTREAMS: `127.0.0.1:${deadPort},127.0.0.1:${apiPort}`,
    HUB_NGINX_PAGE_SERVER: `127.0.0.1:${pagePort}`,
    HUB_NGINX_RUNTIME_DIR: path.join(tmp, 'run'),
    HUB_NGINX_ACCESS_LOG: path.join(tmp, 'access.log'),
    HUB_NGINX_ERROR_LOG: path.join(tmp, 'error.log'),
    HUB_NGINX_BROTLI: 'off',
  };
  // The production commands as the images run them: compiled, with node alone (bundled into this
  // test's own folder, as the test files run at the same time).
  await run(process.execPath, ['build-dist.mjs', path.join(tmp, 'bin')]);
  await run(process.execPath, [path.join(tmp, 'bin', 'deploy-documents.mjs'), '--out', hostDir], env);
  await run(process.execPath, [path.join(tmp, 'bin', 'nginx-config.mjs'), '--out', path.join(tmp, 'nginx.conf')], env);
  await mkdir(path.join(tmp, 'run'));
  nginx = spawn(
    'nginx',
    [
      '-p',
      tmp,
      '-c',
      path.join(tmp, 'nginx.conf'),
      '-g',
      `daemon off;${process.getuid?.() === 0 ? ' user root;' : ''}`,
    ],
    { stdio: 'inherit' },
  );
  await startPageServer(pagePort!);
  await waitFor(`${nginxHost}/healthz`);

  // Devstack's Node server on the same folders, with the same deploy documents.
  const remotes = JSON.parse(await readFile(path.join(hostDir, 'remotes.json'), 'utf8')) as Record<string, string>;
  const appConfig = JSON.parse(await readFile(path.join(hostDir, 'app-config.json'), 'utf8')) as AppConfigSources & {
    product: { name: string; slug: string };
  };
  const context = {
    preconnect: pagePreconnect(remotes, appConfig.apiBaseUrl, siteOrigin),
    productSlug: appConfig.product.slug,
    remotes: Object.fromEntries(Object.entries(remotes).filter(([name]) => name !== 'admin')),
  };
  const serve = async (options: Parameters<typeof startStaticApp>[0]) => {
    const server = await startStaticApp({ ...options, port: 0 });
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  const pagePolicy = () => hostPolicySources(remotes, appConfig, siteOrigin);
  nodeHost = await serve({
    dir: hostDir,
    port: 0,
    spa: true,
    pagePolicy,
    pageContext: () => ({
      ...context,
      detailPages: { apiBaseUrl: 'http://api.internal/', product: appConfig.product },
    }),
  });
  nodeHostWithoutDrawing = await serve({ dir: hostDir, port: 0, spa: true, pagePolicy, pageContext: () => context });
  nodeRemote = await serve({ dir: remoteDir, port: 0, corsOrigins: [siteOrigin] });
});

after(async () => {
  await Promise.all([stopProcess(nginx), stopProcess(pageServer)]);
  for (const server of servers) {
    server.close();
    server.closeAllConnections();
  }
  await rm(tmp, { recursive: true, force: true });
});

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
  nonce?: string;
}

const compared = [
  'cache-control',
  'content-type',
  'vary',
  'access-control-allow-origin',
  'x-frame-options',
  // The CSP's report-to group (issue 24): where a page's violation reports go.
  'reporting-endpoints',
  ...Object.keys(baselineHeaders).map((name) => name.toLowerCase()),
];

async function ask(base: string, pathname: string, init: RequestInit = {}): Promise<Answer> {
  const answer = await fetch(`${base}${pathname}`, { ...init, redirect: 'manual' });
  const csp = answer.headers.get('content-security-policy');
  const nonce = nonceOf(csp);
  const body = await answer.text();
  const headers: Record<string, string | null> = Object.fromEntries(
    compared.map((name) => [name, answer.headers.get(name)]),
  );
  // The CSP's shape: everything but this answer's nonce; the page's body likewise.
  headers['content-security-policy'] = nonce ? csp!.replaceAll(nonce, '<nonce>') : csp;
  headers['content-encoding'] = answer.headers.get('content-encoding');
  return { status: answer.status, headers, body: nonce ? body.replaceAll(nonce, '<nonce>') : body, nonce };
}

const gzip = { headers: { 'Accept-Encoding': 'gzip' } };
const hostKinds: Array<[kind: string, pathname: string, init?: RequestInit]> = [
  ['the home page, drawn', '/'],
  ['a prerendered page', '/about'],
  ['a prerendered page, trailing slash', '/about/'],
  ['a detail page, trailing slash (shell)', '/events/999/'],
  ['index.html asked for by name', '/index.html'],
  ['the shell asked for by name', '/shell.html'],
  ['the work-account bridge page', '/auth/redirect.html'],
  ['a route no pattern names (404 page)', '/no-such-page'],
  ['a detail page, drawn', '/events/31'],
  ['a detail page the renderer does not draw (shell)', '/events/999'],
  ['a hashed chunk', '/render-site.abcdef0123.js'],
  ['a hashed chunk, gzip twin', '/render-site.abcdef0123.js', gzip],
  ['a source map', '/render-site.abcdef0123.js.map'],
  ['the page server files', '/_server/page-template.html'],
  ['the entry main.js', '/main.js'],
  ['the entry main.js, gzip twin', '/main.js', gzip],
  ['the service worker', '/ngsw-worker.js'],
  ["the host's mf-manifest.json", '/mf-manifest.json'],
  ['/remotes.json', '/remotes.json'],
  ['/app-config.json', '/app-config.json'],
  ['/manifest.webmanifest', '/manifest.webmanifest'],
  ['an svg', '/favicon.svg'],
  ['a png', '/icons/icon-192.png'],
  ['an unknown file', '/no-such-file.txt'],
];
const remoteKinds: Array<[kind: string, pathname: string, init?: RequestInit]> = [
  ['remoteEntry.js from the site', '/remoteEntry.js', { headers: { Origin: 'SITE' } }],
  ['remoteEntry.js, gzip twin', '/remoteEntry.js', { headers: { Origin: 'SITE', 'Accept-Encoding': 'gzip' } }],
  ['mf-manifest.json from the site', '/mf-manifest.json', { headers: { Origin: 'SITE' } }],
  ['mf-manifest.json from another origin', '/mf-manifest.json', { headers: { Origin: 'https://evil.example' } }],
  ['mf-manifest.json without an origin', '/mf-manifest.json'],
  ['a hashed chunk', '/screen-eventList.abcdef0123.js', { headers: { Origin: 'SITE' } }],
  ['a source map', '/screen-eventList.abcdef0123.js.map'],
  ['an unknown file', '/nope.js', { headers: { Origin: 'SITE' } }],
  ['a CORS preflight', '/remoteEntry.js', { method: 'OPTIONS', headers: { Origin: 'SITE' } }],
];
const withSite = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: Object.fromEntries(
    Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k, v === 'SITE' ? siteOrigin : v]),
  ),
});

describe('one build through nginx and through the Node server (serving-rules.ts)', () => {
  for (const [kind, pathname, init] of hostKinds) {
    it(`host: ${kind} (${pathname}) is answered alike`, async () => {
      const [viaNginx, viaNode] = [await ask(nginxHost, pathname, init), await ask(nodeHost, pathname, init)];
      assert.equal(viaNginx.status, viaNode.status, 'status');
      assert.deepEqual(viaNginx.headers, viaNode.headers);
      if (viaNode.headers['content-type']?.startsWith('text/html')) {
        // The same page, with the same preconnects and preload, and the header's nonce written in.
        assert.equal(viaNginx.body, viaNode.body);
        assert.ok(viaNginx.nonce && viaNginx.body.includes('<style nonce="<nonce>">'), 'the nonce is in the page');
      }
    });
  }
  for (const [kind, pathname, init] of remoteKinds) {
    it(`remote: ${kind} (${pathname}) is answered alike`, async () => {
      const [viaNginx, viaNode] = [
        await ask(nginxRemote, pathname, withSite(init)),
        await ask(nodeRemote, pathname, withSite(init)),
      ];
      assert.equal(viaNginx.status, viaNode.status, 'status');
      assert.deepEqual(viaNginx.headers, viaNode.headers);
    });
  }

  it('states the policy it should, not merely the same one: the caching rules and headers of DESIGN.md', async () => {
    const cache = async (pathname: string) => (await ask(nginxHost, pathname)).headers['cache-control'];
    assert.equal(await cache('/remotes.json'), cacheControl.never);
    assert.equal(await cache('/render-site.abcdef0123.js'), cacheControl.immutable);
    for (const pathname of ['/', '/main.js', '/ngsw-worker.js', '/mf-manifest.json', '/shell.html'])
      assert.equal(await cache(pathname), cacheControl.revalidate, pathname);
    const map = await ask(nginxHost, '/render-site.abcdef0123.js.map');
    assert.equal(map.status, 404);
    assert.ok(!map.body.includes('secret.ts'));
    const remote = await ask(nginxRemote, '/remoteEntry.js', withSite({ headers: { Origin: 'SITE' } }));
    assert.equal(remote.headers['access-control-allow-origin'], siteOrigin);
    assert.equal(remote.headers['vary'], 'Origin, Accept-Encoding');
    assert.equal(remote.headers['x-content-type-options'], 'nosniff');
    const drawn = await ask(nginxHost, '/events/31');
    assert.match(drawn.body, /<title>drawn from http:\/\/api\.internal\/ for Community Hub at \/events\/31<\/title>/);
    assert.match(drawn.body, /data-hub-remote="events"/);
  });

  it('proxies /api/ to the API processes: a read skips the one that is down, with the forwarded headers', async () => {
    apiSeen = [];
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`${nginxHost}/api/community?i=${i}`, {
        headers: { 'X-Request-Id': `req-${i}`, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
      });
      assert.equal(answer.status, 200);
      assert.deepEqual(await answer.json(), { path: `/api/community?i=${i}` });
    }
    assert.equal(apiSeen.length, 4);
    assert.equal(apiSeen[0]!['x-request-id'], 'req-0');
    assert.equal(apiSeen[0]!['traceparent'], '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01');
    assert.equal(apiSeen[0]!['x-forwarded-for'], '127.0.0.1');
    assert.equal(apiSeen[0]!['x-forwarded-proto'], 'http');
    // Without one, nginx makes the request id (its $request_id), the same in its access log.
    await fetch(`${nginxHost}/api/community`);
    assert.match(String(apiSeen.at(-1)!['x-request-id']), /^[0-9a-f]{32}$/);
    const id = String(apiSeen.at(-1)!['x-request-id']);
    assert.ok((await readFile(path.join(tmp, 'access.log'), 'utf8')).includes(`request_id=${id}`));
    // Behind a TLS-ending Ingress the scheme it was asked with passes on.
    await fetch(`${nginxHost}/api/community`, { headers: { 'X-Forwarded-Proto': 'https' } });
    assert.equal(apiSeen.at(-1)!['x-forwarded-proto'], 'https');
  });

  it('serves the shell for a detail page (the home its file) while the page server is down, and draws again once it is back', async () => {
    const pagePort = Number(
      /127\.0\.0\.1:(\d+)/.exec(
        await readFile(path.join(tmp, 'nginx.conf'), 'utf8').then((t) => t.slice(t.indexOf('upstream hub_pages'))),
      )![1],
    );
    await stopProcess(pageServer);
    const [viaNginx, viaNode] = [await ask(nginxHost, '/events/31'), await ask(nodeHostWithoutDrawing, '/events/31')];
    assert.equal(viaNginx.status, 200);
    assert.deepEqual(viaNginx.headers, viaNode.headers);
    assert.equal(viaNginx.body, viaNode.body);
    assert.match(viaNginx.body, /<title>shell<\/title>/);
    // The home: its prerendered file (issues 24 and 27).
    const [homeViaNginx, homeViaNode] = [await ask(nginxHost, '/'), await ask(nodeHostWithoutDrawing, '/')];
    assert.equal(homeViaNginx.status, 200);
    assert.deepEqual(homeViaNginx.headers, homeViaNode.headers);
    assert.equal(homeViaNginx.body, homeViaNode.body);
    assert.match(homeViaNginx.body, /<title>home<\/title>/);
    await startPageServer(pagePort);
    assert.match((await ask(nginxHost, '/events/31')).body, /drawn from/);
    assert.match((await ask(nginxHost, '/')).body, /drawn from .* at \/</);
  });
});
