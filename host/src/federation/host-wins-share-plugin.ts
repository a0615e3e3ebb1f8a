import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { registerGlobalPlugins, satisfy } from '@module-federation/runtime-core';

/** The host's federation name (host/webpack.config.js): what its share registrations give as `from`. */
export const hostFederationName = 'host';

/** A remote asked for a shared singleton in a range the host's copy is not in. */
export interface SharedMismatch {
  /** The federation container that asked, e.g. `hub_events`. */
  container: string;
  pkg: string;
  required: string;
  provided: string;
}

export class SharedVersionMismatchError extends Error {
  constructor(readonly mismatch: SharedMismatch) {
    super(
      `The '${mismatch.container}' remote requires ${mismatch.pkg} ${mismatch.required}, but the site provides ` +
        `${mismatch.pkg} ${mismatch.provided}: it was built for a different version of the site and must be released again.`,
    );
    this.name = 'SharedVersionMismatchError';
  }
}

/**
 * What each container was refused, for its area's message. The error itself reaches the area's
 * boundary through webpack's chunk loading, which may wrap or replace it; this record does not depend
 * on that. Kept on the module: the host's runtime plugins and its components are one compilation.
 */
const mismatches = new Map<string, SharedMismatch>();

export const sharedMismatchOf = (container: string): SharedMismatch | undefined => mismatches.get(container);

/** Retry forgets the refusal: the remote may have been released again, compatible, since. */
export const forgetSharedMismatch = (container: string): void => {
  mismatches.delete(container);
};

type ResolveShareArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['resolveShare']>>[0];
type Shared = ResolveShareArgs['shareScopeMap'][string][string][string];

/**
 * "Host wins": for every shared singleton, whichever app asks and whatever was loaded first, the
 * copy the host registered is the one used. The stock `loaded-first` strategy would hand a remote
 * whatever copy happened to be loaded (or the highest version when none is), so the load order of
 * remotes could put a second React or a second `@hub/shared` (a second session, a second query
 * cache) on the page. A remote whose required range the host's copy does not satisfy is refused
 * instead of being given a version it was not built for: its load fails into its own area, which
 * says it must be re-released (the release command's skew gate keeps this from going live unforced).
 */
export function resolveHostShare(args: ResolveShareArgs): ResolveShareArgs {
  const { shareScopeMap, scope, pkgName, shareInfo } = args;
  const config = shareInfo.shareConfig;
  const versions = shareScopeMap[scope]?.[pkgName];
  if (!config?.singleton || !versions) return args;
  const hostEntry = Object.entries(versions).find(([, shared]) => shared.from === hostFederationName);
  if (!hostEntry) return args;
  const [provided, hostShared] = hostEntry as [string, Shared];
  const required = config.requiredVersion;
  if (typeof required === 'string' && !satisfy(provided, required)) {
    const mismatch: SharedMismatch = { container: shareInfo.from, pkg: pkgName, required, provided };
    mismatches.set(mismatch.container, mismatch);
    // Thrown by the resolver, not by the hook: the runtime swallows and re-logs errors thrown by hook
    // listeners, while the resolver's error rejects the load of the module that asked.
    args.resolver = () => {
      throw new SharedVersionMismatchError(mismatch);
    };
    return args;
  }
  args.resolver = () => ({ shared: hostShared, useTreesShaking: false });
  return args;
}

const plugin: ModuleFederationRuntimePlugin = { name: 'hub-host-wins-share', resolveShare: resolveHostShare };

export default function hostWinsSharePlugin(): ModuleFederationRuntimePlugin {
  // Global as well: each remote resolves its shared modules in its own federation instance, which
  // takes the global plugins when its entry creates it (always after the host's runtime started).
  registerGlobalPlugins([plugin]);
  return plugin;
}
