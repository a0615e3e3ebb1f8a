import path from 'node:path';
import type { ObjectHeaders } from '@hub/object-store/object-store';
import { cacheControlOf, contentTypeFor, pathKindOf } from '../../serving/src/serving-rules';

/**
 * Where releases are kept: an object store (@hub/object-store: a local folder or an Azure Blob
 * Storage container, chosen by HUB_RELEASE_STORE), whose `create` keeps a release folder from ever
 * being overwritten and whose `swap` writes `remotes.json` and each app's history by compare-and-swap.
 */
export type { ObjectHeaders, ObjectStore, StoredText } from '@hub/object-store/object-store';

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
