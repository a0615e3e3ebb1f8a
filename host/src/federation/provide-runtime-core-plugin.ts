import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

/**
 * The federation runtime core, handed to the remotes. Remotes are built with
 * `experiments.externalRuntime`, so their `remoteEntry.js` reads the core from the global
 * `_FEDERATION_RUNTIME_CORE` instead of carrying its own copy (about 9 KB gzip each).
 *
 * Not the stock `provideExternalRuntime` plugin: it star-imports the core, which keeps every export
 * alive in the host (about 24 KB gzip more on every page). These are exactly the names the remotes'
 * `@module-federation/runtime` imports from the core (2.9.2), all of which the host's own runtime
 * already carries, so providing them costs the host almost nothing. A remote built against a newer
 * runtime that needs more names must ship with a host that provides them (see docs/decisions.md).
 */
export const providedRuntimeCore = {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

type RuntimeGlobal = { _FEDERATION_RUNTIME_CORE?: unknown };

export default function provideRuntimeCorePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'hub-provide-runtime-core',
    beforeInit(args) {
      // Set before the host's instance exists, so it is there before any remote entry can run.
      (Global as RuntimeGlobal)._FEDERATION_RUNTIME_CORE ??= providedRuntimeCore;
      return args;
    },
  };
}
