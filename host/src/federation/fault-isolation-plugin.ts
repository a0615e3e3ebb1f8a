import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { markRemoteFailed } from './remote-health';

/**
 * Keeps a failing remote from taking the page down: the failure is logged and remembered so the
 * next attempt re-registers the remote from scratch; the error then reaches the RemoteArea
 * boundary around that remote's route or widget, which shows the message with Retry.
 */
export default function faultIsolationPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'hub-fault-isolation',
    errorLoadRemote({ id, error, lifecycle }) {
      const remote = id.split('/')[0] ?? id;
      markRemoteFailed(remote);
      // console, not @hub/shared's logger: runtime plugins run before shared modules exist.
      console.error(`Remote module '${id}' failed to load (${lifecycle})`, error);
      // No fallback module: the area's error boundary owns the user-facing message.
      return undefined;
    },
  };
}
