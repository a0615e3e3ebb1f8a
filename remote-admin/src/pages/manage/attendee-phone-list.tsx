import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ManagedAttendee } from '@hub/shared';
import { formatShortDateTime } from '@hub/ui/date-time';
import { CheckInControl } from './check-in-control';
import { emailOf, locationOf, nameOf, statusLabels } from './attendee-view';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  // The whole row is the switch's label: a tap anywhere on it toggles (a 64 px target, well above 44 px).
  control: {
    display: 'flex',
    flexDirection: 'row-reverse',
    justifyContent: 'space-between',
    alignItems: 'center',
    width: '100%',
    boxSizing: 'border-box',
    minHeight: '64px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    '& .fui-Switch__label': { flexGrow: 1, padding: 0, cursor: 'pointer' },
  },
  label: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

export interface AttendeePhoneListProps {
  eventId: number;
  eventTitle: string;
  attendees: readonly ManagedAttendee[];
  cancelled: boolean;
}

/** The door list on a phone: one large row per attendee, the whole row a check-in switch. */
export function AttendeePhoneList({ eventId, eventTitle, attendees, cancelled }: AttendeePhoneListProps) {
  const styles = useStyles();
  return (
    <ul className={styles.list} aria-label={`Attendees of ${eventTitle}`}>
      {attendees.map((a) => (
        <li key={a.userId} className={styles.item}>
          <CheckInControl
            eventId={eventId}
            attendee={a}
            disabled={cancelled}
            className={styles.control}
            label={
              <span className={styles.label}>
                <Text weight="semibold" size={400}>
                  {nameOf(a)}
                </Text>
                <Text size={200} className={styles.detail}>
                  {[locationOf(a), statusLabels[a.status], emailOf(a)].filter(Boolean).join(' · ')}
                </Text>
                {a.checkedInAt && (
                  <Text size={200} className={styles.detail}>
                    Checked in {formatShortDateTime(a.checkedInAt)}
                  </Text>
                )}
              </span>
            }
          />
        </li>
      ))}
    </ul>
  );
}
