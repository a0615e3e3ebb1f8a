import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { choosePage, matchesRoute, preconnectLinks } from './prerendered-pages';

const patterns = ['/', '/communities', '/events/:id', '/my-{productSlug}', '/about', '/*'];

describe('the file that answers an address of the host', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hub-pages-'));
    await mkdir(path.join(dir, 'about'));
    for (const file of ['index.html', 'about/index.html', 'shell.html', '404.html']) {
      await writeFile(path.join(dir, file), file);
    }
    await writeFile(path.join(dir, 'route-patterns.json'), JSON.stringify(patterns));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('is the page prerendered for it, with or without a trailing slash', async () => {
    assert.deepEqual(await choosePage(dir, '/', 'hub'), { file: '/index.html', status: 200 });
    assert.deepEqual(await choosePage(dir, '/about', 'hub'), { file: '/about/index.html', status: 200 });
    assert.deepEqual(await choosePage(dir, '/about/', 'hub'), { file: '/about/index.html', status: 200 });
  });

  it('is the shell for the other routes, the product slug included', async () => {
    assert.deepEqual(await choosePage(dir, '/events/31', 'hub'), { file: '/shell.html', status: 200 });
    assert.deepEqual(await choosePage(dir, '/communities', 'hub'), { file: '/shell.html', status: 200 });
    assert.deepEqual(await choosePage(dir, '/my-hub', 'hub'), { file: '/shell.html', status: 200 });
  });

  it('is the not-found page, answered 404, for an address no route matches', async () => {
    assert.deepEqual(await choosePage(dir, '/nope', 'hub'), { file: '/404.html', status: 404 });
    assert.deepEqual(await choosePage(dir, '/events/31/extra', 'hub'), { file: '/404.html', status: 404 });
    assert.deepEqual(await choosePage(dir, '/my-other', 'hub'), { file: '/404.html', status: 404 });
  });

  it('never reads outside the build folder', async () => {
    assert.deepEqual(await choosePage(dir, '/../../etc', 'hub'), { file: '/404.html', status: 404 });
  });

  it('is index.html for every address of a build without prerendered pages', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'hub-bare-'));
    try {
      assert.deepEqual(await choosePage(bare, '/events/31', 'hub'), { file: '/index.html', status: 200 });
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it('matches parameters as one segment each', () => {
    assert.equal(matchesRoute(patterns, '/events/event-list', 'hub'), true);
    assert.equal(matchesRoute(patterns, '/events', 'hub'), false);
  });
});

describe('preconnect links', () => {
  it('names each http(s) origin once, for CORS requests', () => {
    assert.equal(
      preconnectLinks(['https://api.example', 'https://api.example', "'self'"]),
      '<link rel="preconnect" href="https://api.example" crossorigin>',
    );
  });
});
