import {
  AnonymousCredential,
  ContainerClient,
  RestError,
  StorageSharedKeyCredential,
  type BlobHTTPHeaders,
} from '@azure/storage-blob';
import type { ObjectHeaders, ObjectStore, StoredText } from './object-store.ts';

const httpHeadersOf = (headers: ObjectHeaders): BlobHTTPHeaders => ({
  blobContentType: headers.contentType,
  blobCacheControl: headers.cacheControl,
  ...(headers.contentEncoding ? { blobContentEncoding: headers.contentEncoding } : {}),
});

/** 409 BlobAlreadyExists (If-None-Match: * on an existing blob) or 412 ConditionNotMet (If-Match). */
const lostTheRace = (error: unknown) =>
  error instanceof RestError && (error.statusCode === 409 || error.statusCode === 412);

/**
 * The account a container URL belongs to: the first label of `<account>.blob.core.windows.net`, or
 * the first path segment of a path-style URL (Azurite's `http://127.0.0.1:10000/devstoreaccount1/…`).
 */
export function accountOf(containerUrl: URL): string {
  const [first] = containerUrl.hostname.split('.');
  if (containerUrl.hostname.includes('.blob.')) return first!;
  return containerUrl.pathname.split('/').filter(Boolean)[0] ?? '';
}

/**
 * The object store as an Azure Blob Storage container (a CDN or the container's public read access
 * serves it). Every blob carries the headers it is served with; both conditional writes are Blob
 * Storage's own: `If-None-Match: *` and `If-Match: <ETag>` on Put Blob.
 *
 * Credentials: the account key (HUB_RELEASE_STORE_KEY, HUB_IMAGE_STORE_KEY), or a SAS token in the
 * container URL's query.
 */
export class AzureBlobObjectStore implements ObjectStore {
  readonly container: ContainerClient;

  constructor(containerUrl: string, accountKey?: string) {
    const url = new URL(containerUrl);
    const credential = accountKey
      ? new StorageSharedKeyCredential(accountOf(url), accountKey)
      : new AnonymousCredential();
    this.container = new ContainerClient(containerUrl, credential);
  }

  /** The container's URL without its query: a SAS token is a credential, never printed. */
  get location(): string {
    const url = new URL(this.container.url);
    url.search = '';
    return url.toString();
  }

  async read(key: string): Promise<StoredText | null> {
    try {
      // One Get Blob: the body and the ETag of the same version.
      const answer = await this.container.getBlockBlobClient(key).download();
      return { text: await streamText(answer.readableStreamBody), etag: answer.etag! };
    } catch (error) {
      if (error instanceof RestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async readBytes(key: string): Promise<Buffer | null> {
    try {
      return await this.container.getBlockBlobClient(key).downloadToBuffer();
    } catch (error) {
      if (error instanceof RestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async create(key: string, body: Buffer | string, headers: ObjectHeaders): Promise<boolean> {
    try {
      await this.container.getBlockBlobClient(key).upload(body, Buffer.byteLength(body), {
        blobHTTPHeaders: httpHeadersOf(headers),
        conditions: { ifNoneMatch: '*' },
      });
      return true;
    } catch (error) {
      if (lostTheRace(error)) return false;
      throw error;
    }
  }

  async swap(key: string, body: string, headers: ObjectHeaders, etag: string | null): Promise<boolean> {
    try {
      await this.container.getBlockBlobClient(key).upload(body, Buffer.byteLength(body), {
        blobHTTPHeaders: httpHeadersOf(headers),
        conditions: etag === null ? { ifNoneMatch: '*' } : { ifMatch: etag },
      });
      return true;
    } catch (error) {
      if (lostTheRace(error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const blob of this.container.listBlobsFlat({ prefix })) keys.push(blob.name);
    return keys.sort();
  }
}

async function streamText(stream: NodeJS.ReadableStream | undefined): Promise<string> {
  if (!stream) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}
