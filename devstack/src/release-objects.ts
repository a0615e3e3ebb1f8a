import path from 'node:path';
import { cacheControlOf, contentTypeFor, pathKindOf } from '../../serving/src/serving-rules';

/**
 * Where releases are kept: an object store (keys like `events/releases/<id>/remoteEntry.js`) with
 * the two conditional writes the release commands need, whatever the backend:
 *
 * - `create`: write a key only if it does not exist (`If-None-Match: *`), so a release folder is
 *   never overwritten;
 * - `swap`: replace a key only if it is still the version read (`If-Match: <etag>`), so `remotes.json`
 *   and each app's history are written by compare-and-swap, never by last-writer-wins.
 *
 * Backends: a local folder (release-folder-store.ts) and Azure Blob Storage (release-azure-store.ts),
 * chosen by the store's URL (openObjectStore in release-store-url.ts).
 */
export interface ObjectStore {
  /** Where the store is, for messages: a folder path or a container URL. */
  readonly location: string;
  /** The key's text and its version tag, or null when it does not exist. */
  read(key: string): Promise<StoredText | null>;
  /** Writes the key if it does not exist yet; false when it does (nothing is written). */
  create(key: string, body: Buffer | string, headers: ObjectHeaders): Promise<boolean>;
  /**
   * Writes the key if its version is still `etag` (null: if it still does not exist); false when
   * another writer got there first (nothing is written: read again and retry).
   */
  swap(key: string, body: string, headers: ObjectHeaders, etag: string | null): Promise<boolean>;
  /** Every key under a prefix (`events/releases/`). */
  list(prefix: string): Promise<string[]>;
}

export interface StoredText {
  text: string;
  etag: string;
}

/** What a CDN in front of the store answers with, stored on each object. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
  /** `gzip` for a build's precompressed twin (`main.js.gz`), which keeps its original's type. */
  contentEncoding?: string;
}

/** Precompressed twins the build writes beside its text files (compression-webpack-plugin). */
const encodings: Readonly<Record<string, string>> = { '.gz': 'gzip', '.br': 'br' };

/**
 * The headers of a file of a release, by the serving rules both servers follow (serving-rules.ts):
 * `path` is its address on its origin (`/remoteEntry.js`; the host's own deploy documents are kept
 * apart by `host`). A twin `x.js.gz` is stored as `x.js` is served, with its Content-Encoding, so a
 * CDN rule that answers `x.js` with `x.js.gz` sends it as the browser expects.
 */
export function objectHeadersOf(address: string, options: { host: boolean }): ObjectHeaders {
  const encoding = encodings[path.posix.extname(address)];
  const served = encoding ? address.slice(0, -path.posix.extname(address).length) : address;
  return {
    contentType: contentTypeFor(served),
    cacheControl: cacheControlOf[pathKindOf(served, options)],
    ...(encoding ? { contentEncoding: encoding } : {}),
  };
}

/** The headers of the store's JSON bookkeeping (`remotes.json`, histories): never stored by a cache. */
export const documentHeaders: ObjectHeaders = objectHeadersOf('/remotes.json', { host: true });
