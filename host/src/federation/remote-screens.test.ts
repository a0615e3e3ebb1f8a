import { earlyAnswersGlobal } from './early-remote-start';
import { forgetManifest, noteRuntimeManifest, screensOfManifest, takeManifestRead } from './remote-screens';

const url = 'https://events.example/releases/7/mf-manifest.json';
const eventDetail = { scripts: ['5.0a.js'], public: true, firstReads: ['api/events/:id'] };
const manifest = { metaData: { buildInfo: { hubScreens: { eventDetail } } } };
const answer = () => new Response(JSON.stringify(manifest), { status: 200 });

let fetchSpy: jest.SpyInstance;
beforeEach(() => {
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
});
afterEach(() => {
  fetchSpy.mockRestore();
  forgetManifest(url);
  delete (window as unknown as Record<string, unknown>)[earlyAnswersGlobal];
});

describe("a remote's screens, from its live manifest (issue 25)", () => {
  it('reads the manifest once, and hands that read to the runtime once instead of a second request', async () => {
    expect(await screensOfManifest(url)).toEqual({ eventDetail });
    expect(await screensOfManifest(url)).toEqual({ eventDetail });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const forRuntime = await takeManifestRead(url);
    expect(await forRuntime?.json()).toEqual(manifest);
    expect(takeManifestRead(url)).toBeUndefined();
  });

  it("takes the page's early start's copy when it has one: no request of its own", async () => {
    const early = Promise.resolve(answer());
    (window as unknown as Record<string, unknown>)[earlyAnswersGlobal] = { manifestCopy: { url, response: early } };
    expect(await screensOfManifest(url)).toEqual({ eventDetail });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("takes the runtime's own read when it came first", async () => {
    noteRuntimeManifest(url, answer());
    expect(await screensOfManifest(url)).toEqual({ eventDetail });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads afresh after a reset (a new release may be live), and gives no screens for a failed read', async () => {
    await screensOfManifest(url);
    forgetManifest(url);
    fetchSpy.mockImplementation(async () => new Response('gone', { status: 404 }));
    expect(await screensOfManifest(url)).toEqual({});
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
