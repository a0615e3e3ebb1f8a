import { compileFunction } from 'node:vm';
import type { ServerFrame, WidgetServerFrame } from '@hub/shared';

/**
 * Issue 25: a remote's frames for this server, from the remote's live release. Its manifest (the
 * address `/remotes.json` gives) names its server bundle (`metaData.buildInfo.hubServerFrames`,
 * shared/build/server-frames-plugin.cjs), a content-hashed file beside it; the bundle is run here
 * with this renderer's React, router, Griffel and @hub/shared (server-frame-shares.ts), so what it
 * draws is styled and collected like the host's own markup.
 *
 * Cached: a bundle per address for as long as this renderer runs (its name carries its content's
 * hash: a new release is a new address); a manifest for `manifestTtlMs` (default 1 s), so a release
 * is on the pages served from a second after it, and a busy server asks a remote's origin for its
 * manifest about once a second, not once per page. Anything that goes wrong (the remote's origin
 * down, no frames in its release, a bundle that fails or asks for a module not provided) gives null:
 * the page is served without the frame, as when the page server is down.
 */

type RemoteFrames = Readonly<Record<string, ServerFrame | undefined>>;
type WidgetFrames = Readonly<Record<string, WidgetServerFrame | undefined>>;

/** What a remote's server bundle exports: its screens' frames, and its widgets' (issues 24 and 27). */
interface RemoteBundle {
  frames?: RemoteFrames;
  widgetFrames?: WidgetFrames;
}

export interface RemoteFramesLoaderOptions {
  /** The modules the bundles take from this renderer, by name. */
  shares: Readonly<Record<string, unknown>>;
  fetch?: typeof fetch;
  manifestTtlMs?: number;
  /** How long a manifest or bundle may take to arrive (ms). */
  timeoutMs?: number;
  now?: () => number;
}

export interface RemoteFramesLoader {
  /** The frames of the release whose manifest is at `manifestUrl`, or null when there are none to use. */
  framesOf(manifestUrl: string): Promise<RemoteFrames | null>;
  /** Its widgets' frames (the home's), or null when there are none to use. */
  widgetFramesOf(manifestUrl: string): Promise<WidgetFrames | null>;
}

/** Bundles kept: a few releases of each of a few remotes (each some hundred KB once run). */
const keptBundles = 12;

export function createRemoteFramesLoader(options: RemoteFramesLoaderOptions): RemoteFramesLoader {
  const { shares, fetch: fetchFn = fetch, manifestTtlMs = 1000, timeoutMs = 2000, now = Date.now } = options;
  const manifests = new Map<string, { at: number; bundle: Promise<string | null> }>();
  const bundles = new Map<string, Promise<RemoteBundle | null>>();

  const fetchOk = async (url: string) => {
    const answer = await fetchFn(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
    return answer;
  };

  /** The address of the bundle the manifest names, or null when it names none. */
  const bundleAddressOf = async (manifestUrl: string): Promise<string | null> => {
    const manifest = (await (await fetchOk(manifestUrl)).json()) as {
      metaData?: { buildInfo?: { hubServerFrames?: unknown } };
    };
    const file = manifest.metaData?.buildInfo?.hubServerFrames;
    return typeof file === 'string' ? new URL(file, manifestUrl).href : null;
  };

  const run = async (bundleUrl: string): Promise<RemoteBundle | null> => {
    const code = await (await fetchOk(bundleUrl)).text();
    const module = { exports: {} as RemoteBundle };
    const require = (name: string) => {
      if (Object.hasOwn(shares, name)) return shares[name];
      throw new Error(`${bundleUrl} asks for ${name}, which the host's renderer does not provide`);
    };
    // A CommonJS module run in this context, so that its React elements are this React's.
    compileFunction(code, ['require', 'module', 'exports'], { filename: bundleUrl })(require, module, module.exports);
    const isRecord = (value: unknown) => typeof value === 'object' && value !== null;
    const { frames, widgetFrames } = module.exports;
    if (!isRecord(frames) && !isRecord(widgetFrames)) return null;
    return {
      ...(isRecord(frames) ? { frames } : {}),
      ...(isRecord(widgetFrames) ? { widgetFrames } : {}),
    };
  };

  const bundleAt = (bundleUrl: string) => {
    let loaded = bundles.get(bundleUrl);
    if (!loaded) {
      loaded = run(bundleUrl);
      bundles.set(bundleUrl, loaded);
      // One that failed is tried again on a later page (the origin may have been down a moment).
      loaded.then(
        (bundle) => bundle ?? bundles.delete(bundleUrl),
        () => bundles.delete(bundleUrl),
      );
      for (const old of [...bundles.keys()].slice(0, -keptBundles)) bundles.delete(old);
    }
    return loaded;
  };

  const bundleOf = async (manifestUrl: string): Promise<RemoteBundle | null> => {
    try {
      let manifest = manifests.get(manifestUrl);
      if (!manifest || now() - manifest.at >= manifestTtlMs) {
        manifest = { at: now(), bundle: bundleAddressOf(manifestUrl) };
        manifests.delete(manifestUrl);
        manifests.set(manifestUrl, manifest);
        // A release is a new address in a release store: keep the latest few.
        for (const old of [...manifests.keys()].slice(0, -keptBundles)) manifests.delete(old);
        // A manifest that could not be read is asked for again on the next page.
        const asked = manifest;
        asked.bundle.catch(() => manifests.get(manifestUrl) === asked && manifests.delete(manifestUrl));
      }
      const bundleUrl = await manifest.bundle;
      return bundleUrl ? await bundleAt(bundleUrl) : null;
    } catch {
      return null;
    }
  };

  return {
    framesOf: async (manifestUrl) => (await bundleOf(manifestUrl))?.frames ?? null,
    widgetFramesOf: async (manifestUrl) => (await bundleOf(manifestUrl))?.widgetFrames ?? null,
  };
}
