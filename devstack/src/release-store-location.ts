import path from 'node:path';
import { AzureBlobObjectStore } from '@hub/object-store/azure-store';
import { openObjectStore } from '@hub/object-store/open-object-store';
import type { ObjectStore } from '@hub/object-store/object-store';

export { openObjectStore };
import { remoteBaseUrl, remoteOriginSetting, repoRoot, type remoteApps } from '../../serving/src/site-config';

/**
 * The release store's location, `HUB_RELEASE_STORE`: a folder (a path or a `file:` URL; default
 * `HUB_RELEASES_DIR`, else `<repository>/.releases`) or an Azure Blob Storage container URL
 * (`https://<account>.blob.core.windows.net/<container>`, or Azurite's path-style `http://…/<account>/<container>`),
 * with its account key in `HUB_RELEASE_STORE_KEY` or a SAS token in the URL's query.
 */
export function releaseStoreLocation(env: NodeJS.ProcessEnv = process.env): string {
  return env.HUB_RELEASE_STORE || env.HUB_RELEASES_DIR || path.join(repoRoot, '.releases');
}

/**
 * Where a remote's releases are served, as a base URL whose `releases/<id>/` is a release: its own
 * origin if it has one (`HUB_REMOTE_<NAME>_ORIGIN`); else `<HUB_RELEASE_PUBLIC_BASE_URL>/<remote>/`
 * (a CDN in front of the store); else, for a container, the container's own URL; else the local
 * remote server's (which serves `<store>/<remote>/releases/` at `/releases/`).
 */
export function releaseBaseUrl(remote: (typeof remoteApps)[number], objects: ObjectStore): string {
  const env = process.env;
  const under = (base: string) => new URL(`${remote}/`, base.endsWith('/') ? base : `${base}/`).toString();
  if (env[remoteOriginSetting(remote)]) return remoteBaseUrl(remote);
  if (env.HUB_RELEASE_PUBLIC_BASE_URL) return under(env.HUB_RELEASE_PUBLIC_BASE_URL);
  if (objects instanceof AzureBlobObjectStore) return under(objects.location);
  return remoteBaseUrl(remote);
}
