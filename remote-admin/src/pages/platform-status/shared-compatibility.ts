import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';
import type { LoadedShared } from './host-share-scope';
import type { RemoteShared } from './remote-manifest';

/**
 * The singletons the status reports (README "Singletons"): one copy per page, the host's. Sub-path
 * entries (react/jsx-runtime, jotai/vanilla…) follow their package and are not listed apart.
 */
export const reportedSingletons = [
  'react',
  'react-dom',
  'react-router',
  'jotai',
  '@hub/shared',
  '@tanstack/react-query',
  '@fluentui/react-shared-contexts',
  '@griffel/react',
  'tabster',
  'keyborg',
] as const;

export type Compatibility =
  /** The host loaded a version in the remote's required range. */
  | { kind: 'ok' }
  /** The host's version is outside the range: the remote runs against a version it was not built for. */
  | { kind: 'unsatisfied'; hostVersion: string; required: string }
  /** The host has no such shared module: the remote would fall back to its own copy (a second instance). */
  | { kind: 'not-in-host' }
  /** The manifest gives no usable range; nothing to check. */
  | { kind: 'unknown' };

export interface SingletonRow {
  name: string;
  /** The version the remote was built against, and the range it requires. */
  built: RemoteShared;
  host: LoadedShared | undefined;
  compatibility: Compatibility;
}

export function compatibility(built: RemoteShared, host: LoadedShared | undefined): Compatibility {
  if (!host) return { kind: 'not-in-host' };
  if (!built.requiredVersion || !validRange(built.requiredVersion)) return { kind: 'unknown' };
  return satisfies(host.version, built.requiredVersion, { includePrerelease: true })
    ? { kind: 'ok' }
    : { kind: 'unsatisfied', hostVersion: host.version, required: built.requiredVersion };
}

/** The reported singletons a remote was built with, each against what the host loaded, in the fixed order above. */
export function singletonRows(
  shared: readonly RemoteShared[],
  host: Readonly<Record<string, LoadedShared>>,
): SingletonRow[] {
  return reportedSingletons.flatMap((name) => {
    const built = shared.find((s) => s.name === name);
    return built ? [{ name, built, host: host[name], compatibility: compatibility(built, host[name]) }] : [];
  });
}

/** How many of a remote's singletons the host does not satisfy. */
export const problems = (rows: readonly SingletonRow[]) =>
  rows.filter((r) => r.compatibility.kind === 'unsatisfied' || r.compatibility.kind === 'not-in-host').length;
