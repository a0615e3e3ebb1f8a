/**
 * The demo events' pictures (src/seed/demo-images.ts, src/routes/demo-images.ts): the seed points the
 * demo events at drawings the API serves itself, served immutable (the address carries the drawing's
 * hash) and readable from the site's origin; nothing but those drawings is served, and a production
 * API serves none. A re-seed brings addresses of earlier seeds up to date and leaves an organiser's alone.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seedDemoData } from '../src/seed/index.ts';
import { call, startTestApi, type TestApi } from './helpers/test-env.ts';

const imageOf = async (api: TestApi, title: string) =>
  (
    await api.database.db
      .selectFrom('event')
      .select(['id', 'imageUrl'])
      .where('title', '=', title)
      .executeTakeFirstOrThrow()
  ).imageUrl;

describe('demo images', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi({ kind: 'pglite' });
  });
  after(async () => api?.close());

  it('seeds the demo events with the API’s own drawings, served immutable and cross-origin readable', async () => {
    const address = new URL(await imageOf(api, 'Platform Engineering Day'));
    assert.equal(address.origin, 'http://localhost:8080');
    assert.match(address.pathname, /^\/demo-images\/platform-day\.svg$/);
    assert.match(address.search, /^\?v=[0-9a-f]{10}$/);
    const answer = await call(api.url, 'GET', `${address.pathname}${address.search}`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.equal(answer.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    // The site's pages are another origin than the API's.
    assert.equal(answer.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.match(answer.text, /^<svg [^>]*viewBox="0 0 1200 600"/);
    // An event without a picture keeps the community's generated cover.
    assert.equal(await imageOf(api, 'GitOps Hands-on Lab'), '');
  });

  it('serves nothing but the drawings: no listing, no other file, no way out of the folder', async () => {
    for (const path of [
      '/demo-images/',
      '/demo-images/missing.svg',
      '/demo-images/../package.json',
      '/demo-images/%2e%2e/package.json',
      '/demo-images/..%2f..%2fpackage.json',
      '/demo-images/.hidden.svg',
    ]) {
      const answer = await call(api.url, 'GET', path);
      assert.ok([403, 404].includes(answer.status), `${path}: ${answer.status}`);
      assert.doesNotMatch(answer.text, /"name"\s*:\s*"@hub\/api"/, path);
    }
  });

  it('a re-seed brings earlier demo addresses up to date and keeps an organiser’s picture', async () => {
    const db = api.database.db;
    await db
      .updateTable('event')
      .set({ imageUrl: 'https://images.unsplash.com/photo-1?w=1200' })
      .where('title', '=', 'Capture the Flag Night')
      .execute();
    await db
      .updateTable('event')
      .set({ imageUrl: 'https://pictures.example/summit.webp' })
      .where('title', '=', 'Cloud Native Summit: Hybrid Edition')
      .execute();
    await seedDemoData(db, { apiPublicUrl: 'http://localhost:5080/' });
    assert.match(
      await imageOf(api, 'Capture the Flag Night'),
      /^http:\/\/localhost:5080\/demo-images\/capture-the-flag\.svg\?v=/,
    );
    assert.match(
      await imageOf(api, 'Platform Engineering Day'),
      /^http:\/\/localhost:5080\/demo-images\/platform-day\.svg\?v=/,
    );
    assert.equal(await imageOf(api, 'Cloud Native Summit: Hybrid Edition'), 'https://pictures.example/summit.webp');
  });

  it('a production API serves no demo content', async () => {
    const production = await startTestApi({
      kind: 'pglite',
      seed: false,
      config: { production: true, authEmulatorHost: undefined },
    });
    try {
      assert.equal((await call(production.url, 'GET', '/demo-images/platform-day.svg')).status, 404);
    } finally {
      await production.close();
    }
  });
});
