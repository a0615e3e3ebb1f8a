/* global FEDERATION_BUILD_IDENTIFIER */
// A remote's federation runtime plugin (added by create-app-config.cjs). Remotes use the host's
// runtime core (experiments.externalRuntime), and that core fills in a missing instance id with the
// build id compiled into it: the host's. This gives each remote's instance its own id
// (`hub_events:1.0.0`), so its share scope is registered under its own name and the runtime finds
// the remote's instance, not the host's, when the entry is initialised again.
export default function remoteIdentityPlugin() {
  return {
    name: 'hub-remote-identity',
    beforeInit(args) {
      if (!args.userOptions.id && typeof FEDERATION_BUILD_IDENTIFIER === 'string') {
        args.userOptions.id = FEDERATION_BUILD_IDENTIFIER;
      }
      return args;
    },
  };
}
