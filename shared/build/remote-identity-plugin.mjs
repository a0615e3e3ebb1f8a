/* global FEDERATION_BUILD_IDENTIFIER */
// A remote's federation runtime plugin (added by create-app-config.cjs). Remotes use the host's
// runtime core (experiments.externalRuntime), and that core gives a new instance the build id
// compiled into it: the host's ('host:1.0.0'). So a remote's instance would take the host's id and
// its share scope would never be listed under its own name in `__FEDERATION__.__SHARE__` (the core
// files it under the instance id, once, while constructing, before any plugin runs). This gives the
// instance its own id (`hub_events:1.0.0`) and files its share scope under it, as a remote that
// carried its own core would.
export default function remoteIdentityPlugin() {
  return {
    name: 'hub-remote-identity',
    beforeInit(args) {
      if (typeof FEDERATION_BUILD_IDENTIFIER !== 'string') return args;
      const id = FEDERATION_BUILD_IDENTIFIER;
      // Both: the instance's defaults carry the host's id; the user options win when merged.
      args.options.id = id;
      args.userOptions.id = id;
      const shareScopes = globalThis.__FEDERATION__?.__SHARE__;
      if (shareScopes && !shareScopes[id]) shareScopes[id] = args.origin.shareScopeMap;
      return args;
    },
  };
}
