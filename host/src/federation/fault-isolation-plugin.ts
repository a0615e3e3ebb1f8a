import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Keeps a failing remote from taking the page down: the failure is logged with the module and the
 * load stage, then reaches the RemoteArea boundary around that remote's route or widget, which
 * shows the message with Retry (and re-registers the remote from scratch when it is pressed).
 */
export default function faultIsolationPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'hub-fault-isolation',
    errorLoadRemote({ id, error, lifecycle }) {
      // console, not @hub/shared's logger: runtime plugins run before shared modules exist.
      console.error(`Remote module '${id}' failed to load (${lifecycle})`, error);
      // No fallback module: the area's error boundary owns the user-facing message.
      return undefined;
    },
  };
}
