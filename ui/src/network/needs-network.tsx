import type { ReactElement } from 'react';
import { Tooltip } from '@fluentui/react-components';
import { offlineTexts, useOnline } from '@hub/shared';

export interface NeedsNetworkProps {
  /** What the action does, as the start of a sentence: 'Joining', 'Attending', 'Saving'. */
  action: string;
  /** The action's button, given whether it must be disabled (render it `disabledFocusable` then). */
  children: (offline: boolean) => ReactElement;
}

/**
 * An action that needs the network (join, attend, save), disabled while the device is offline and
 * described by why: "You are offline. Joining needs a network connection." The button stays
 * focusable, so keyboard and screen reader users meet the reason too; the host's offline banner
 * says it for the whole page. One piece for every area, reading the one online state of @hub/shared.
 */
export function NeedsNetwork({ action, children }: NeedsNetworkProps) {
  const online = useOnline();
  const button = children(!online);
  if (online) return button;
  return (
    <Tooltip content={offlineTexts.needsNetwork(action)} relationship="description" withArrow>
      {button}
    </Tooltip>
  );
}
