import { LoadFailure } from '@hub/ui/load-failure';
import type { SharedMismatch } from '../../federation/host-wins-share-plugin';

export interface RemoteUnavailableProps {
  label: string;
  variant: 'page' | 'widget';
  onRetry: () => void;
  /** The remote was refused by the "host wins" share plugin: it needs a version the site does not provide. */
  incompatible?: SharedMismatch;
}

/** A remote that is down or threw: the kit's load-failure message, marked for the area it stands in. */
export function RemoteUnavailable({ label, variant, onRetry, incompatible }: RemoteUnavailableProps) {
  if (incompatible) {
    return (
      <LoadFailure
        title={`${label} cannot be shown with this version of the site.`}
        error={{
          message:
            'This part of the site was built for a different version of the site and must be re-released by its team. The rest of the site still works.',
          details: [
            `It requires ${incompatible.pkg} ${incompatible.required}; the site provides ${incompatible.pkg} ${incompatible.provided}.`,
          ],
        }}
        onRetry={onRetry}
        data-testid="remote-unavailable"
        data-reason="incompatible"
        data-variant={variant}
      />
    );
  }
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
