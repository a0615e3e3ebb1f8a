import { LoadFailure } from '@hub/ui/load-failure';

export interface RemoteUnavailableProps {
  label: string;
  variant: 'page' | 'widget';
  onRetry: () => void;
}

/** A remote that is down or threw: the kit's load-failure message, marked for the area it stands in. */
export function RemoteUnavailable({ label, variant, onRetry }: RemoteUnavailableProps) {
  return (
    <LoadFailure
      title={`${label} is not available right now.`}
      error={{
        message:
          'This part of the site could not be loaded. The rest of the site still works: check your connection and press Retry.',
      }}
      onRetry={onRetry}
      data-testid="remote-unavailable"
      data-variant={variant}
    />
  );
}
