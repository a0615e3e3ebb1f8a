import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';

export interface RemoteUnavailableProps {
  label: string;
  variant: 'page' | 'widget';
  error: unknown;
  onRetry: () => void;
}

export function RemoteUnavailable({ label, variant, onRetry }: RemoteUnavailableProps) {
  return (
    <MessageBar
      intent="error"
      layout="multiline"
      role="alert"
      data-testid="remote-unavailable"
      data-variant={variant}
    >
      <MessageBarBody>
        <MessageBarTitle>{label} is not available right now.</MessageBarTitle>
        This part of the site could not be loaded. The rest of the site still works: check your connection and
        press Retry.
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" icon={<ArrowClockwiseRegular />} onClick={onRetry}>
          Retry
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
