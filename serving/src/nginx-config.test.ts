import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { nginxConfig, routeLocation, type NginxSiteSettings } from './nginx-config';
import { brotliInstalled } from './nginx-settings';
import { hostContentSecurityPolicy, hostPolicySources } from './security-headers';

const policy = hostPolicySources(
  { events: 'https://events.cdn.example/mf-manifest.json' },
  { apiBaseUrl: 'https://hub.example/', msal: { authority: 'https://login.microsoftonline.com/t/v2.0' } },
  'https://hub.example',
);

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'hub-nginx-config-'));
  await mkdir(path.join(tmp, 'run'));
  await mkdir(path.join(tmp, 'host'));
});
after(() => rm(tmp, { recursive: true, force: true }));

const settings = (overrides: Partial<NginxSiteSettings> = {}): NginxSiteSettings => ({
  host: { listen: '127.0.0.1:18080', serverName: 'hub.example', root: path.join(tmp, 'host') },
  remotes: { events: { listen: '127.0.0.1:18081', serverName: 'events.cdn.example', root: path.join(tmp, 'host') } },
  corsOrigins: ['https://hub.example'],
  policy,
  preconnect: ['https://events.cdn.example'],
  remotesDocument: { events: 'https://events.cdn.example/mf-manifest.json' },
  productSlug: 'hub',
  routes: {
    patterns: ['/', '/events/event-list', '/events/create', '/events/:id', '/manage', '/my-{productSlug}', '/*'],
    routeRemotes: { '/events/event-list': 'events', '/events/:id': 'events' },
  },
  apiUpstreams: ['127.0.0.1:18090', '127.0.0.1:18091'],
  pageServer: { address: '127.0.0.1:18095', patterns: ['/', '/events/:id'] },
  brotli: false,
  runtimeDir: path.join(tmp, 'run'),
  accessLog: path.join(tmp, 'access.log'),
  errorLog: path.join(tmp, 'error.log'),
  ...overrides,
});

const blockOf = (config: string, location: string) => {
  const start = config.indexOf(`location ${location} {`);
  assert.ok(start >= 0, `no block 'location ${location}'`);
  return config.slice(start, config.indexOf('\n    }', start));
};

/** `nginx -t` on a configuration: Debian's nginx 1.22 must accept it as written. */
async function nginxAccepts(config: string): Promise<string> {
  const file = path.join(tmp, `nginx-${Math.random().toString(36).slice(2)}.conf`);
  await writeFile(file, config);
  const result = spawnSync('nginx', ['-t', '-p', tmp, '-c', file], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stderr;
}

describe('the generated nginx configuration', () => {
  it("is accepted by Debian's nginx, with and without the page server, the API and the routes", async () => {
    await nginxAccepts(nginxConfig(settings()));
    await nginxAccepts(nginxConfig(settings({ pageServer: undefined, apiUpstreams: [], routes: undefined })));
  });

  it('loads and uses the Brotli modules only when asked (write-nginx-config turns them on when installed)', async () => {
    const off = nginxConfig(settings());
    assert.ok(!off.includes('brotli'));
    // Without a page server, nginx answers the home itself (with one, its fallback does: the same body).
    const on = nginxConfig(settings({ brotli: true, pageServer: undefined }));
    assert.ok(on.includes('load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;'));
    assert.ok(blockOf(on, '= /').includes('brotli_static off;'), 'a page is never its build-time twin (its nonce)');
    if (brotliInstalled()) await nginxAccepts(on);
  });

  it("the host's pages carry the CSP the Node server sends, with nginx's per-request nonce written into the page", () => {
    const config = nginxConfig(settings({ pageServer: undefined }));
    const home = blockOf(config, '= /');
    const csp = hostContentSecurityPolicy(policy, '$hub_csp_nonce');
    assert.ok(home.includes(`add_header Content-Security-Policy "${csp}" always;`));
    assert.ok(home.includes('set $hub_csp_nonce $request_id;'));
    assert.ok(home.includes('sub_filter "__HUB_CSP_NONCE__" $hub_csp_nonce;'));
    assert.ok(home.includes('etag off;') && home.includes('if_modified_since off;'));
    assert.ok(
      blockOf(config, '= /auth/redirect.html').includes("frame-ancestors 'self'"),
      'the MSAL bridge may be framed by the site',
    );
  });

  it("preloads a public remote route's manifest from its shell, fixed paths first, the detail route via the page server", () => {
    const config = nginxConfig(settings());
    const preload =
      '<link rel=\\"preload\\" href=\\"https://events.cdn.example/mf-manifest.json\\" as=\\"fetch\\" crossorigin data-hub-remote=\\"events\\">';
    assert.ok(blockOf(config, routeLocation('/events/event-list')).includes(preload));
    assert.ok(!blockOf(config, routeLocation('/events/create')).includes('preload'));
    assert.ok(
      config.indexOf(routeLocation('/events/create')) < config.indexOf(routeLocation('/events/:id')),
      'a fixed path before the pattern that would also match it',
    );
    assert.ok(blockOf(config, routeLocation('/my-hub')).includes('/shell.html'), 'the product slug is filled in');
    const detail = blockOf(config, routeLocation('/events/:id'));
    assert.ok(detail.includes('proxy_pass http://hub_pages;'));
    assert.ok(detail.includes('error_page 500 502 503 504 = @shell_events_id;'));
    assert.ok(
      blockOf(config, '@shell_events_id').includes(preload),
      "the fallback shell preloads the remote's manifest",
    );
  });

  it('sends the home to the page server (issues 24 and 27), with its prerendered file when that does not answer', () => {
    const config = nginxConfig(settings());
    const home = blockOf(config, routeLocation('/'));
    assert.ok(home.includes('proxy_pass http://hub_pages;'));
    assert.ok(home.includes('proxy_read_timeout 3s;'));
    assert.ok(home.includes('error_page 500 502 503 504 = @shell_;'));
    const fallback = blockOf(config, '@shell_');
    assert.ok(fallback.includes('try_files ${uri}index.html $uri/index.html /shell.html =404;'), fallback);
    assert.ok(fallback.includes('no-cache'), 'drawn or not, the page is revalidated');
    assert.ok(
      blockOf(config, '@shell_events_id').includes('try_files /shell.html =404;'),
      'a remote screen: the shell',
    );
  });

  it('proxies /api/ to every API process, retrying only what nginx may retry, with the forwarded headers', () => {
    const config = nginxConfig(settings());
    assert.match(
      config,
      /upstream hub_api \{\n\s+least_conn;\n\s+server 127\.0\.0\.1:18090 max_fails=1 fail_timeout=2s;\n\s+server 127\.0\.0\.1:18091 max_fails=1 fail_timeout=2s;\n\s+keepalive 64;/,
    );
    const api = blockOf(config, '^~ /api/');
    for (const line of [
      'proxy_next_upstream error timeout http_502 http_503 http_504;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Request-Id $hub_request_id;',
    ])
      assert.ok(api.includes(line), line);
    assert.ok(!api.includes('non_idempotent'), 'a POST (an attend) is never sent twice');
  });

  it("keeps the API's public reads for anonymous readers only, for as long as the API says, and nginx accepts it", async () => {
    const config = nginxConfig(settings());
    assert.match(config, /proxy_cache_path \S+\/run\/api-cache levels=1:2 keys_zone=hub_api_cache:10m /);
    const api = blockOf(config, '^~ /api/');
    for (const line of [
      'proxy_cache hub_api_cache;',
      // A signed-in request is never answered from the cache, and its answer never stored.
      'proxy_cache_bypass $http_authorization;',
      'proxy_no_cache $http_authorization;',
    ])
      assert.ok(api.includes(line), line);
    // The API's Cache-Control decides what is kept and how long: nothing overrides or ignores it.
    assert.doesNotMatch(api, /proxy_cache_valid|proxy_ignore_headers/);
    await nginxAccepts(config);

    const off = nginxConfig(settings({ apiCache: false }));
    assert.doesNotMatch(off, /proxy_cache/);
  });

  it('states every security header in every location that sets headers (nginx inherits none into them)', () => {
    const config = nginxConfig(settings());
    const locations = config.split(/\n\s+location /).slice(1);
    const withHeaders = locations.filter((location) => location.includes('add_header'));
    assert.ok(withHeaders.length > 20);
    for (const location of withHeaders)
      for (const header of ['X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options'])
        assert.ok(
          location.includes(`add_header ${header} `),
          `${header} missing in location ${location.split('\n')[0]}`,
        );
  });
});

/** A free loopback port. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });

/** Runs Debian's nginx on a configuration while `use` runs, then stops it. */
async function withNginx(name: string, config: string, use: () => Promise<void>): Promise<void> {
  const file = path.join(tmp, `${name}.conf`);
  await writeFile(file, config);
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const nginx = spawn('nginx', ['-p', tmp, '-c', file, '-g', `daemon off;${user}`], { stdio: 'inherit' });
  try {
    await use();
  } finally {
    await new Promise((resolve) => {
      nginx.once('exit', resolve);
      nginx.kill('SIGTERM');
    });
  }
}

/** fetch, retried while nginx is starting (connection refused). */
async function fetchOnceUp(url: string, init?: RequestInit): Promise<Response> {
  for (let i = 0; ; i++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (i >= 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe("image uploads through Debian's nginx (issue 27)", () => {
  it("lets an image up to the API's limit (and a little more) through to the API, and answers a larger one with the API's JSON message", async () => {
    const [port, apiPort] = await Promise.all([freePort(), freePort()]);
    // The API's stand-in: says how many bytes reached it (the API's own 413 is api/test/images.it.ts's).
    const received: number[] = [];
    const api = http.createServer((request, response) => {
      let length = 0;
      request.on('data', (chunk: Buffer) => (length += chunk.length));
      request.on('end', () => {
        received.push(length);
        response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ length }));
      });
    });
    await new Promise<void>((resolve) => api.listen(apiPort, '127.0.0.1', resolve));
    const config = nginxConfig(
      settings({
        remotes: {},
        pageServer: undefined,
        imageMaxMb: 8,
        apiUpstreams: [`127.0.0.1:${apiPort}`],
        host: { listen: `127.0.0.1:${port}`, serverName: '_', root: path.join(tmp, 'host') },
      }),
    );
    const post = (megabytes: number) =>
      fetchOnceUp(`http://127.0.0.1:${port}/api/images?kind=avatar`, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(megabytes * 1024 * 1024),
      });
    try {
      await withNginx('images', config, async () => {
        // 8.5 MB: more than the API takes, less than nginx's limit: the API answers (its own message).
        const near = await post(8.5);
        assert.equal(near.status, 201, await near.clone().text());
        assert.deepEqual(await near.json(), { length: 8.5 * 1024 * 1024 });
        // 20 MB: nginx refuses it with the product's sentence as JSON, not its HTML page.
        const large = await post(20);
        assert.equal(large.status, 413);
        assert.match(large.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(await large.json(), { message: 'Images can be at most 8 MB', details: [] });
        assert.deepEqual(received, [8.5 * 1024 * 1024]);
        // Every other API route keeps its own (smaller) limit.
        const other = await fetch(`http://127.0.0.1:${port}/api/events`, {
          method: 'POST',
          body: new Uint8Array(11 * 1024 * 1024),
        });
        assert.equal(other.status, 413);
      });
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});

describe("Brotli in Debian's nginx", { skip: !brotliInstalled() && 'libnginx-mod-http-brotli-* not installed' }, () => {
  it('compresses a page with Brotli for a browser that accepts it, its nonce written first', async () => {
    const port = await freePort();
    await writeFile(
      path.join(tmp, 'host', 'index.html'),
      `<!doctype html><html><head><style nonce="__HUB_CSP_NONCE__">${'body{}'.repeat(200)}</style></head></html>`,
    );
    const config = nginxConfig(
      settings({
        brotli: true,
        remotes: {},
        pageServer: undefined,
        host: { listen: `127.0.0.1:${port}`, serverName: '_', root: path.join(tmp, 'host') },
      }),
    );
    await withNginx('brotli', config, async () => {
      const answer = await fetchOnceUp(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'br' } });
      assert.equal(answer.headers.get('content-encoding'), 'br');
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get('content-security-policy') ?? '')?.[1];
      assert.ok(nonce && (await answer.text()).includes(`<style nonce="${nonce}">`));
    });
  });
});
