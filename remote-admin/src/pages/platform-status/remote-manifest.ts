import { ApiError, normaliseHttpFailure, normaliseNonHttpError, remoteNames, type RemoteName } from '@hub/shared';

/** What a remote's deployed `mf-manifest.json` tells about it (the parts the status shows). */
export interface RemoteManifestInfo {
  /** The build id the remote also exposes as `build.buildId` (shared/build/create-app-config.cjs writes both). */
  buildId: string | null;
  /** When it was built (ISO 8601), or null for a manifest written before build times were recorded. */
  builtAt: string | null;
  /** Its package version. */
  version: string | null;
  /** Each shared module it was built with: the version it carries and the range it requires. */
  shared: RemoteShared[];
}

export interface RemoteShared {
  name: string;
  version: string;
  requiredVersion: string | null;
  singleton: boolean;
}

/** A remote that does not answer within this time is reported as not answering rather than waited for. */
export const manifestTimeoutMs = 10_000;

/**
 * GETs a file of the site's deployment (not the API), revalidated every time: `remotes.json` is
 * `no-store` and manifests `no-cache`, so the status shows what is deployed now. A failure is a
 * normalised error like any API call's, so the screen shows it the one way.
 */
async function fetchDeployed(url: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-cache', signal: AbortSignal.timeout(manifestTimeoutMs) });
  } catch (error) {
    throw new ApiError(normaliseHttpFailure(0, undefined, error), 'network');
  }
  if (!response.ok) throw new ApiError(normaliseHttpFailure(response.status, undefined, response), 'http');
  try {
    return await response.json();
  } catch (error) {
    throw new ApiError(normaliseNonHttpError(error), 'unknown');
  }
}

/** The host's `/remotes.json` (remote → manifest URL), read from the page's own origin; unknown names are left out. */
export async function getRemotesManifest(): Promise<Partial<Record<RemoteName, string>>> {
  const body = await fetchDeployed('/remotes.json');
  const known: Partial<Record<RemoteName, string>> = {};
  if (body && typeof body === 'object') {
    for (const name of remoteNames) {
      const entry = (body as Record<string, unknown>)[name];
      if (typeof entry === 'string' && entry) known[name] = entry;
    }
  }
  return known;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Reads the parts of a manifest the status shows; anything missing is null rather than a failure. */
export function parseManifest(body: unknown): RemoteManifestInfo {
  const manifest = (body ?? {}) as {
    metaData?: { buildInfo?: Record<string, unknown> };
    shared?: Array<Record<string, unknown>>;
  };
  const buildInfo = manifest.metaData?.buildInfo ?? {};
  const shared = Array.isArray(manifest.shared) ? manifest.shared : [];
  return {
    buildId: text(buildInfo.hubBuildId),
    builtAt: text(buildInfo.hubBuiltAt),
    version: text(buildInfo.buildVersion),
    shared: shared
      .filter((s) => text(s.name) && text(s.version))
      .map((s) => ({
        name: s.name as string,
        version: s.version as string,
        requiredVersion: text(s.requiredVersion),
        singleton: s.singleton === true,
      })),
  };
}

export async function getRemoteManifest(url: string): Promise<RemoteManifestInfo> {
  return parseManifest(await fetchDeployed(url));
}
