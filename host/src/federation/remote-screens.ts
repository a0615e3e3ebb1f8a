import type { ManifestScreen, RemoteName } from '@hub/shared';
import { takeEarlyManifestCopy } from './early-remote-start';

/**
 * Issue 25: what a remote's live release says of its screens (each one's scripts, whether it is
 * public, its first reads), from its `mf-manifest.json` (`metaData.buildInfo.hubScreens`, written by
 * shared/build/screens-manifest-plugin.cjs). The host keeps no list of its own: a remote releasing a
 * new first read is prefetched by the host's links on the next page.
 *
 * The manifest is read once per address: from the page's early start when it has it, else from
 * the federation runtime's own read (retry-plugin.ts notes it here), else by this module, whose
 * answer the runtime's first read then takes instead of asking again.
 */
export type RemoteScreensOf = (remote: RemoteName) => Promise<Partial<Record<string, ManifestScreen>>>;

type Screens = Partial<Record<string, ManifestScreen>>;

const screensByUrl = new Map<string, Promise<Screens>>();
const readsForRuntime = new Map<string, Promise<Response>>();

const screensIn = (manifest: unknown): Screens =>
  ((manifest as { metaData?: { buildInfo?: { hubScreens?: Screens } } } | undefined)?.metaData?.buildInfo
    ?.hubScreens as Screens | undefined) ?? {};

const parse = (answer: Promise<Response>): Promise<Screens> =>
  answer.then((response) => (response.ok ? response.json() : undefined)).then(screensIn, () => ({}));

/** The screens of the manifest at `url`, read once. */
export function screensOfManifest(url: string): Promise<Screens> {
  let screens = screensByUrl.get(url);
  if (!screens) {
    const early = takeEarlyManifestCopy(url);
    if (early) {
      screens = parse(early);
    } else {
      const answer = fetch(url, { credentials: 'same-origin' });
      // Cloned as it arrives, before this module reads its body: the runtime's read takes the copy.
      readsForRuntime.set(
        url,
        answer.then((response) => response.clone()),
      );
      screens = parse(answer);
    }
    screensByUrl.set(url, screens);
  }
  return screens;
}

/** The runtime read the manifest itself: its answer serves this module too (a copy, read here). */
export function noteRuntimeManifest(url: string, answer: Response): void {
  if (!screensByUrl.has(url) && answer.ok) screensByUrl.set(url, parse(Promise.resolve(answer.clone())));
}

/** This module's read of a manifest, for the runtime's first read of that address: once. */
export function takeManifestRead(url: string): Promise<Response> | undefined {
  const read = readsForRuntime.get(url);
  readsForRuntime.delete(url);
  return read;
}

/** A remote reset (Retry) reads its manifest afresh: a new release may be live. */
export function forgetManifest(url: string): void {
  screensByUrl.delete(url);
  readsForRuntime.delete(url);
}
