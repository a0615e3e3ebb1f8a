import { expect, test, type APIRequestContext } from '@playwright/test';
import { appOrigin, remoteNames, siteOrigin } from '../support/stack';
import { expectAppStarted } from '../support/site';

const revalidate = 'no-cache';
const immutable = 'public, max-age=31536000, immutable';

async function cacheControl(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const response = await request.get(url, { headers });
  expect(response.status(), url).toBe(200);
  return response.headers()['cache-control'];
}

interface Manifest {
  exposes: Array<{ assets: { js: { sync: string[] } } }>;
}

async function hashedChunkOf(request: APIRequestContext, origin: string): Promise<string> {
  const manifest = (await (await request.get(`${origin}/mf-manifest.json`)).json()) as Manifest;
  const chunk = manifest.exposes[0]?.assets.js.sync[0];
  expect(chunk).toMatch(/\.[0-9a-f]{10}\.js$/);
  return chunk!;
}

test.describe('caching headers (DESIGN.md)', () => {
  test('the host: remotes.json no-store; pages and the entry script revalidated', async ({ request }) => {
    expect(await cacheControl(request, '/remotes.json')).toBe('no-store');
    expect(await cacheControl(request, '/')).toBe(revalidate);
    expect(await cacheControl(request, '/index.html')).toBe(revalidate);
    expect(await cacheControl(request, '/events/event-list')).toBe(revalidate);
    expect(await cacheControl(request, '/main.js')).toBe(revalidate);
  });

  test('the host’s hashed chunks are immutable', async ({ page }) => {
    const hashed: Array<{ url: string; cacheControl: string | undefined }> = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === siteOrigin && /\.[0-9a-f]{10}\.js$/.test(url.pathname)) {
        hashed.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
      }
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The host's scripts are asked for once the page has painted, often after its `load`.
    await expectAppStarted(page);
    expect(hashed.length).toBeGreaterThan(0);
    for (const chunk of hashed) expect(chunk.cacheControl, chunk.url).toBe(immutable);
  });

  for (const remote of remoteNames) {
    test(`${remote}: manifest and entry revalidated, hashed chunks immutable`, async ({ request }) => {
      const origin = appOrigin(remote);
      expect(await cacheControl(request, `${origin}/mf-manifest.json`)).toBe(revalidate);
      expect(await cacheControl(request, `${origin}/remoteEntry.js`)).toBe(revalidate);
      const chunk = await hashedChunkOf(request, origin);
      expect(await cacheControl(request, `${origin}/${chunk}`)).toBe(immutable);
    });
  }
});

test.describe('CORS: the host’s origin may load every remote', () => {
  for (const remote of remoteNames) {
    test(`${remote} answers the site origin, and only it`, async ({ request }) => {
      const origin = appOrigin(remote);
      const chunk = await hashedChunkOf(request, origin);
      for (const path of ['/mf-manifest.json', '/remoteEntry.js', `/${chunk}`]) {
        const allowed = await request.get(`${origin}${path}`, { headers: { Origin: siteOrigin } });
        expect(allowed.status()).toBe(200);
        expect(allowed.headers()['access-control-allow-origin'], path).toBe(siteOrigin);
        const foreign = await request.get(`${origin}${path}`, { headers: { Origin: 'http://elsewhere.example' } });
        expect(foreign.headers()['access-control-allow-origin'], path).toBeUndefined();
      }
    });
  }
});
