import { Body1, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { toNormalisedError, useOrganiserMessages, type MessageTarget, type OrganiserMessage } from '@hub/shared';
import { formatDateTime } from '../format/date-time';
import { LoadFailure } from '../load-failure/load-failure';

const useStyles = makeStyles({
  heading: { margin: `0 0 ${tokens.spacingVerticalS}` },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  item: {
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
  },
  subject: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2 },
  // Plain text as written: its line breaks kept, long words wrapped on a phone.
  body: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

/** "to the attendees at Utrecht": whom an update went to, as the list says it. */
function audienceOf(message: OrganiserMessage): string {
  switch (message.audience) {
    case 'event-all':
      return 'to everyone attending';
    case 'event-location':
      return `to the attendees at ${message.locationName ?? 'one place'}`;
    case 'event-checked-in':
      return 'to the attendees checked in';
    case 'community-members':
      return 'to all members';
  }
}

/**
 * "Updates from the organisers" on an event or community page: the messages organisers wrote,
 * newest first, each with its author, date and audience. Shown only once there is one (an empty
 * section would be noise on every page); a failure to load shows in this section only.
 */
export function OrganiserUpdates({ target }: { target: MessageTarget }) {
  const styles = useStyles();
  const messages = useOrganiserMessages(target);
  const headingId = `organiser-updates-${target.kind}-${target.id}`;
  if (messages.isError) {
    return (
      <LoadFailure
        title="Could not load the updates from the organisers"
        error={toNormalisedError(messages.error)}
        onRetry={() => void messages.refetch()}
      />
    );
  }
  const items = messages.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} data-organiser-updates="">
      <Subtitle2 as="h2" block id={headingId} className={styles.heading}>
        Updates from the organisers
      </Subtitle2>
      <ul className={styles.list}>
        {items.map((m) => (
          <li key={m.id} className={styles.item}>
            <h3 className={styles.subject}>{m.subject}</h3>
            <Caption1 className={styles.meta}>
              {[m.authorName || 'An organiser', formatDateTime(m.sentAt), audienceOf(m)].join(' · ')}
            </Caption1>
            <Body1 as="p" block className={styles.body}>
              {m.body}
            </Body1>
          </li>
        ))}
      </ul>
    </section>
  );
}
