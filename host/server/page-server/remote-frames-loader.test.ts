import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as route, passthrough } from 'msw';
import { createElement, isValidElement } from 'react';
import { fakeServer } from '@hub/ui/testing/fake-api';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRemoteFramesLoader } from './remote-frames-loader';
import { serverFrameShares } from './server-frame-shares';

/**
 * The loader against a real HTTP server standing for a remote's origin: its manifest and server
 * bundles by path, every request counted. The bundles are CommonJS as the remote's build writes them
 * (shared/build/server-frames-plugin.cjs); the remotes' real bundles are drawn in
 * render-detail-page.test.tsx.
 */
const files = new Map<string, string>();
const asked: string[] = [];
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    asked.push(req.url!);
    const body = files.get(req.url!);
    res.writeHead(body === undefined ? 404 : 200).end(body ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  // The tests' fake network (jest.setup.ts) answers every address it is not told about: not this one.
  fakeServer.use(route.all(`${origin}/*`, () => passthrough()));
  files.clear();
  asked.length = 0;
});

/**
 * A loader on a test clock. Its fetches may take their time: the first fetch of a test process loads
 * undici and msw's interceptors, seconds on a loaded CI machine (the timeout has a test of its own).
 */
const loaderOn = (clock: () => number) =>
  createRemoteFramesLoader({ shares: serverFrameShares, now: clock, timeoutMs: 30_000 });

const manifest = (bundle?: string) =>
  JSON.stringify({ metaData: { buildInfo: { hubBuildId: 'x', ...(bundle ? { hubServerFrames: bundle } : {}) } } });
/** A bundle whose list frame is a paragraph saying `text`, made with the React it is given. */
const bundle = (text: string) => `
  const { jsx } = require('react/jsx-runtime');
  exports.frames = { eventList: { draw: async () => ({ title: 'Events', element: jsx('p', { children: ${JSON.stringify(text)} }) }) } };`;

async function drawn(frames: Awaited<ReturnType<ReturnType<typeof createRemoteFramesLoader>['framesOf']>>) {
  const frame = await frames!.eventList!.draw({ params: {}, read: async () => undefined });
  return renderToStaticMarkup(frame!.element);
}

describe("a remote's server frames from its live release (issue 25)", () => {
  it("runs the bundle its manifest names, with the host's React, and keeps it per release", async () => {
    let clock = 0;
    const loader = loaderOn(() => clock);
    files.set('/events/mf-manifest.json', manifest('server/frames.aaa.cjs'));
    files.set('/events/server/frames.aaa.cjs', bundle('First intro'));
    const url = `${origin}/events/mf-manifest.json`;

    const frames = await loader.framesOf(url);
    const element = (await frames!.eventList!.draw({ params: {}, read: async () => undefined }))!.element;
    // An element of this React: the host's renderer renders it as its own.
    expect(isValidElement(element)).toBe(true);
    expect(renderToStaticMarkup(createElement('div', null, element))).toBe('<div><p>First intro</p></div>');
    expect(asked).toEqual(['/events/mf-manifest.json', '/events/server/frames.aaa.cjs']);

    // Within a second: neither asked again.
    clock = 999;
    expect(await drawn(await loader.framesOf(url))).toBe('<p>First intro</p>');
    expect(asked).toHaveLength(2);

    // A second on, the manifest is asked again; the same release's bundle is not.
    clock = 1000;
    expect(await drawn(await loader.framesOf(url))).toBe('<p>First intro</p>');
    expect(asked).toEqual(['/events/mf-manifest.json', '/events/server/frames.aaa.cjs', '/events/mf-manifest.json']);

    // A new release: its manifest names its bundle, which is what the next page draws.
    files.set('/events/mf-manifest.json', manifest('server/frames.bbb.cjs'));
    files.set('/events/server/frames.bbb.cjs', bundle('Released alone'));
    clock = 2000;
    expect(await drawn(await loader.framesOf(url))).toBe('<p>Released alone</p>');
    expect(asked.slice(3)).toEqual(['/events/mf-manifest.json', '/events/server/frames.bbb.cjs']);
  });

  it.each([
    ['the remote is down', () => undefined],
    ['its release has no server frames', () => files.set('/events/mf-manifest.json', manifest())],
    ['its bundle is missing', () => files.set('/events/mf-manifest.json', manifest('server/frames.gone.cjs'))],
    [
      'its bundle asks for a module the host does not provide',
      () => {
        files.set('/events/mf-manifest.json', manifest('server/frames.c.cjs'));
        files.set('/events/server/frames.c.cjs', `require('left-pad'); exports.frames = {};`);
      },
    ],
    [
      'its bundle throws',
      () => {
        files.set('/events/mf-manifest.json', manifest('server/frames.d.cjs'));
        files.set('/events/server/frames.d.cjs', `throw new Error('broken release');`);
      },
    ],
    [
      'its bundle exports no frames',
      () => {
        files.set('/events/mf-manifest.json', manifest('server/frames.e.cjs'));
        files.set('/events/server/frames.e.cjs', `exports.other = 1;`);
      },
    ],
  ])('gives null when %s, and tries again on the next page', async (_label, arrange) => {
    let clock = 0;
    const loader = loaderOn(() => clock);
    arrange();
    const url = `${origin}/events/mf-manifest.json`;
    await expect(loader.framesOf(url)).resolves.toBeNull();
    // Mended: the next page has the frame (a failed manifest or bundle is not kept).
    files.set('/events/mf-manifest.json', manifest('server/frames.ok.cjs'));
    files.set('/events/server/frames.ok.cjs', bundle('Back'));
    clock = 1000;
    expect(await drawn(await loader.framesOf(url))).toBe('<p>Back</p>');
  });

  it('gives null, soon, when the origin does not answer in time', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentOrigin = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    fakeServer.use(route.all(`${silentOrigin}/*`, () => passthrough()));
    const loader = createRemoteFramesLoader({ shares: serverFrameShares, timeoutMs: 100 });
    const started = Date.now();
    await expect(loader.framesOf(`${silentOrigin}/mf-manifest.json`)).resolves.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(Date.now() - started).toBeLessThan(1500);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});
