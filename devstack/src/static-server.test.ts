import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { hostPolicySources } from './security-headers';
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

beforeAll(async () => {
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

afterAll(async () => {
  for (const server of servers) {
    server.close();
    server.closeAllConnections();
  }
  await rm(dir, { recursive: true, force: true });
});

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

describe('the host static server', () => {
  it.each(['/', '/events/event-list', '/index.html'])(
    'answers the page %s with its CSP and the same fresh nonce in the page',
    async (url) => {
      const answer = await fetch(hostUrl + url);
      expect(answer.status).toBe(200);
      const csp = answer.headers.get('content-security-policy');
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      const nonce = nonceOf(csp);
      const body = await answer.text();
      expect(body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(body).toContain(`<style nonce="${nonce}">`);
      expect(body).not.toContain('__HUB_CSP_NONCE__');
    },
  );

  it('gives every answer its own nonce', async () => {
    const [a, b] = await Promise.all([fetch(hostUrl), fetch(hostUrl)]);
    expect(nonceOf(a.headers.get('content-security-policy'))).not.toBe(
      nonceOf(b.headers.get('content-security-policy')),
    );
  });

  it('lets the work-account bridge page be framed by the site itself only', async () => {
    const answer = await fetch(`${hostUrl}/auth/redirect.html`);
    expect(await answer.text()).toContain('<title>bridge</title>');
    expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self'/);
    expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
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
      expect({ url, status: answer.status }).toEqual({ url, status: 404 });
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('sends every other file with the baseline headers and no page policy', async () => {
    const answer = await fetch(`${hostUrl}/main.abcdef0123.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(answer.headers.get('content-security-policy')).toBeNull();
  });
});

describe('a remote static server', () => {
  it('answers an allowed origin with its CORS header and Vary on both Origin and Accept-Encoding', async () => {
    const answer = await fetch(`${remoteUrl}/main.abcdef0123.js`, {
      headers: { origin: site, 'accept-encoding': 'gzip' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(site);
    expect(answer.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps Vary: Origin when the origin is not allowed or absent, so no cache hands that answer to the site', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const answer = await fetch(`${remoteUrl}/main.abcdef0123.js`, { headers });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('vary')).toMatch(/^Origin\b/);
    }
  });

  it('never serves source maps', async () => {
    expect((await fetch(`${remoteUrl}/main.abcdef0123.js.map`)).status).toBe(404);
  });
});
