import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import type { ObjectStore, StoredText } from './object-store.ts';

/** A version tag of a file's content, as an object store's ETag is one of its object's. */
const etagOf = (content: Buffer | string) => `"${createHash('sha256').update(content).digest('hex').slice(0, 32)}"`;

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The object store as a local folder (the default for releases, `.releases/`, served by devstack's
 * static servers, and for images, served by the API's image route: both apply the serving rules
 * themselves, so the headers are not kept here).
 *
 * `swap` is a compare-and-swap across processes: the key is locked (proper-lockfile: a `<key>.lock`
 * folder, created atomically, taken over when stale after a crash), its content compared with the
 * version read, and the new content renamed over it, so a reader never sees half a document.
 */
export class FolderObjectStore implements ObjectStore {
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

  pathOf(key: string): string {
    const root = path.resolve(this.root);
    const file = path.resolve(root, key);
    if (file !== root && !file.startsWith(`${root}${path.sep}`)) throw new Error(`Not a key of the store: ${key}`);
    return file;
  }

  async read(key: string): Promise<StoredText | null> {
    try {
      const content = await readFile(this.pathOf(key));
      return { text: content.toString('utf8'), etag: etagOf(content) };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async readBytes(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async create(key: string, body: Buffer | string): Promise<boolean> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      // `wx`: O_CREAT | O_EXCL, the file system's own "create if absent".
      await writeFile(file, body, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  async swap(key: string, body: string, _headers: unknown, etag: string | null): Promise<boolean> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Held only for a read and a rename: waiting a little for another writer is not a conflict.
    const release = await lockfile.lock(file, {
      realpath: false,
      stale: 10_000,
      retries: { retries: 50, minTimeout: 5, maxTimeout: 100 },
    });
    try {
      const current = await this.read(key);
      if ((current?.etag ?? null) !== etag) return false;
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
      return true;
    } finally {
      await release();
    }
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.pathOf(prefix.replace(/\/+$/, '') || '.');
    try {
      const entries = await readdir(base, { recursive: true, withFileTypes: true });
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map((e) => path.relative(this.root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
  }
}
