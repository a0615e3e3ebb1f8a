/**
 * The host starts the site's error reporter (@hub/shared's installErrorReporter) once it knows the
 * API's address and the remotes: every report names the app its code came from (the remote whose
 * release folder served the script, else the host) or, for a failed API call, the app whose screen
 * is shown, and the host release's build id.
 */
import { apiUrl, installErrorReporter, type ErrorReporter, type RemoteName, type RemotesManifest } from '@hub/shared';
import { resolveTarget } from '../routing/route-prefetch';
import type { RouteEntry } from '../routing/route-table';

/** Which app a script address or a page belongs to. */
export function appResolver(
  remotes: Partial<RemotesManifest>,
  table: RouteEntry[],
): (where: { source?: string | undefined; page: string }) => string {
  // A remote's scripts load from beside its manifest (its release folder, or its dist at the origin's root).
  const bases = Object.entries(remotes).flatMap(([name, manifest]) => {
    try {
      return [{ name: name as RemoteName, base: new URL('./', manifest).href }];
    } catch {
      return [];
    }
  });
  return ({ source, page }) => {
    if (source) return bases.find(({ base }) => source.startsWith(base))?.name ?? 'host';
    return resolveTarget(table, new URL(page, window.location.origin))?.target.owner ?? 'host';
  };
}

export function startErrorReporting(options: {
  apiBaseUrl: string;
  remotes: Partial<RemotesManifest>;
  table: RouteEntry[];
  build: string;
}): ErrorReporter {
  return installErrorReporter({
    endpoint: apiUrl(options.apiBaseUrl, 'api/client-errors'),
    build: options.build,
    appOf: appResolver(options.remotes, options.table),
  });
}
