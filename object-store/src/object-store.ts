/**
 * An object store (keys like `events/releases/<id>/remoteEntry.js` or `images/<hash>-640.webp`) with
 * the two conditional writes its users need, whatever the backend:
 *
 * - `create`: write a key only if it does not exist (`If-None-Match: *`), so an immutable file (a
 *   release's, an image variant) is never overwritten;
 * - `swap`: replace a key only if it is still the version read (`If-Match: <etag>`), so a mutable
 *   document (`remotes.json`, a release history) is written by compare-and-swap, never by
 *   last-writer-wins.
 *
 * Backends: a local folder (folder-store.ts) and Azure Blob Storage (azure-store.ts), chosen by the
 * store's location (open-object-store.ts).
 */
export interface ObjectStore {
  /** Where the store is, for messages: a folder path or a container URL. */
  readonly location: string;
  /** The key's text and its version tag, or null when it does not exist. */
  read(key: string): Promise<StoredText | null>;
  /** The key's bytes, or null when it does not exist (a binary file: an image). */
  readBytes(key: string): Promise<Buffer | null>;
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
