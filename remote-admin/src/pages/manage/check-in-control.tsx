import { Switch, type SwitchProps } from '@fluentui/react-components';
import { toNormalisedError, useCheckIn, type ManagedAttendee } from '@hub/shared';
import { showToast } from '@hub/ui/show-toast';
import { nameOf } from './attendee-view';

export interface CheckInControlProps {
  eventId: number;
  attendee: ManagedAttendee;
  /** The visible label (the phone list shows the whole row here); the grid's is hidden but named. */
  label?: SwitchProps['label'];
  className?: string;
  /** The event is cancelled: nobody comes to the door. */
  disabled?: boolean;
}

/**
 * One attendee's "present" switch: one click or Space marks them, again takes it back. The change
 * shows at once (useCheckIn is optimistic); when the API refuses or the network is gone the switch
 * goes back and a toast says why and what to do. Waiting-list registrations hold no seat, so the
 * API refuses them (409): the switch is off and disabled for them.
 */
export function CheckInControl({ eventId, attendee, label, className, disabled }: CheckInControlProps) {
  const checkIn = useCheckIn(eventId);
  const name = nameOf(attendee);
  const waiting = attendee.status === 'waiting';
  const present = attendee.checkedInAt !== null;
  return (
    <Switch
      className={className}
      checked={present}
      disabled={disabled || waiting}
      label={label}
      aria-label={label ? undefined : `${name} checked in`}
      onChange={(_event, data) => {
        checkIn.mutate(
          { userId: attendee.userId, present: data.checked },
          {
            onError: (error) => {
              const message = toNormalisedError(error).message;
              showToast({
                intent: 'error',
                title: data.checked ? `Could not check in ${name}` : `Could not undo the check-in of ${name}`,
                body: `${message}${/[.!?]$/.test(message) ? '' : '.'} The switch shows what is saved; try again.`,
              });
            },
          },
        );
      }}
    />
  );
}
