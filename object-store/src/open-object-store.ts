import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AzureBlobObjectStore } from './azure-store.ts';
import { FolderObjectStore } from './folder-store.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * The store at a location: an Azure Blob Storage container URL (`https://<account>.blob.core.windows.net/<container>`,
 * or Azurite's path-style `http://…/<account>/<container>`), with its account key or a SAS token in
 * the URL's query; anything else is a folder (a path or a `file:` URL).
 */
export function openObjectStore(location: string, accountKey?: string): ObjectStore {
  if (/^https?:\/\//i.test(location)) return new AzureBlobObjectStore(location, accountKey);
  return new FolderObjectStore(location.startsWith('file:') ? fileURLToPath(location) : path.resolve(location));
}
