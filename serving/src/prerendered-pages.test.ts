import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { choosePage, matchesRoute, preconnectLinks, remoteManifestPreload } from './prerendered-pages';

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

describe("the manifest preload of a remote route's shell", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hub-remote-pages-'));
    await writeFile(path.join(dir, 'shell.html'), 'shell');
    await writeFile(path.join(dir, '404.html'), '404');
    // A remote list screen prerendered with its frame (host/server/prerender/remote-frames.tsx).
    await mkdir(path.join(dir, 'events', 'event-list'), { recursive: true });
    await writeFile(path.join(dir, 'events', 'event-list', 'index.html'), 'frame');
    await writeFile(
      path.join(dir, 'route-patterns.json'),
      JSON.stringify(['/', '/events/event-list', '/events/create', '/events/:id', '/manage']),
    );
    // As the host's prerender writes it: only routes anyone may open, never the admin area's.
    await writeFile(
      path.join(dir, 'route-remotes.json'),
      JSON.stringify({ '/events/event-list': 'events', '/events/:id': 'events' }),
    );
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('names the remote of a public remote route', async () => {
    assert.deepEqual(await choosePage(dir, '/events/31', 'hub'), {
      file: '/shell.html',
      status: 200,
      remote: 'events',
    });
  });

  it("serves a remote list screen's own page, which preloads its remote's manifest like the shell", async () => {
    for (const address of ['/events/event-list', '/events/event-list/']) {
      assert.deepEqual(await choosePage(dir, address, 'hub'), {
        file: '/events/event-list/index.html',
        status: 200,
        remote: 'events',
      });
    }
  });

  it('names none for a route that is not public, even where a public pattern also matches', async () => {
    // `/events/create` is the router's match (static segments win over `:id`), and it is for core members.
    assert.deepEqual(await choosePage(dir, '/events/create', 'hub'), { file: '/shell.html', status: 200 });
    assert.deepEqual(await choosePage(dir, '/manage', 'hub'), { file: '/shell.html', status: 200 });
  });

  it('is a CORS fetch preload of the manifest named in remotes.json, or nothing', () => {
    const remotes = { events: 'https://events.example/mf-manifest.json?a=1&b="2"' };
    assert.equal(
      remoteManifestPreload('events', remotes),
      '<link rel="preload" href="https://events.example/mf-manifest.json?a=1&amp;b=&quot;2&quot;" as="fetch" crossorigin data-hub-remote="events">',
    );
    assert.equal(remoteManifestPreload('communities', remotes), '');
    assert.equal(remoteManifestPreload(undefined, remotes), '');
    assert.equal(remoteManifestPreload('events', { events: 'javascript:alert(1)' }), '');
    assert.equal(remoteManifestPreload('"><script>', { '"><script>': 'https://x.example/m.json' }), '');
  });
});
