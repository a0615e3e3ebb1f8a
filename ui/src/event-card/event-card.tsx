import { Badge, Caption1, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { CalendarRegular, GlobeClockRegular, LocationRegular } from '@fluentui/react-icons';
import { eventState, routePaths, userInfoAtom, useAtomValue, type EventSummary } from '@hub/shared';
import { RouterLink } from '../links/router-link';
import { eventTimes } from '../format/date-time';
import { ItemFace, type FacePriority } from '../face/item-face';
import { locationSummary } from './location-summary';
import { attendanceOf, seatsText } from './event-card-texts';
import { VisibilityBadge } from '../visibility/visibility-badge';

const useStyles = makeStyles({
  /*
   * Fluent's Card look (background, shadow, radius, padding) on a plain article: Card's focus
   * management (tabster, about 12 KB gzip in every app that bundles it) is for cards that are
   * themselves interactive, and this one is not — its title is the link.
   */
  card: {
    height: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
  /** The cover runs to the card's edges, as Fluent's CardPreview does. */
  preview: {
    marginTop: `calc(-1 * ${tokens.spacingHorizontalM})`,
    marginInline: `calc(-1 * ${tokens.spacingHorizontalM})`,
  },
  cover: { borderBottomLeftRadius: 0, borderBottomRightRadius: 0 },
  cancelled: { opacity: 0.85 },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  community: { color: tokens.colorNeutralForeground2 },
  facts: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  fact: {
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    alignItems: 'flex-start',
    color: tokens.colorNeutralForeground2,
  },
  icon: { flexShrink: 0, fontSize: '16px', marginTop: '1px' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, marginTop: 'auto' },
  title: { textDecorationLine: 'none', ':hover': { textDecorationLine: 'underline' } },
  struck: { textDecorationLine: 'line-through' },
  /* A card's place before it is drawn: its cover and its shortest text (title, community, time, place, a badge). */
  placeholderCover: {
    aspectRatio: '2 / 1',
    borderTopLeftRadius: tokens.borderRadiusMedium,
    borderTopRightRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  placeholderText: {
    minHeight: `calc(${tokens.lineHeightBase400} + 3 * ${tokens.lineHeightBase200} + ${tokens.spacingVerticalXXS} + 20px + 3 * ${tokens.spacingVerticalS})`,
  },
});

export interface EventCardProps {
  event: EventSummary;
  /** The card's title heading level, below the list's own heading. */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** Compact cards (home, a community page) leave the cover out. */
  cover?: boolean;
  /** How soon the cover's picture is fetched (ui face/item-face.tsx): a list passes its first card `high`. */
  coverPriority?: FacePriority;
  /** The viewer's time zone; the browser's by default (tests and the e2e set it). */
  viewerZone?: string;
  /** Now, to tell past events (tests fix it). */
  now?: number;
}

/**
 * One event in any list (events list, home, My {product}, a community's page): cover, title (the
 * link to the event), community, the time in the event's zone (and the viewer's when different),
 * the places in a few words, seats left or Full, Cancelled, and the signed-in viewer's own
 * attendance ("You're going", "On the waiting list") from the user info.
 */
export function EventCard({
  event,
  headingLevel = 'h3',
  cover = true,
  coverPriority,
  viewerZone,
  now = Date.now(),
}: EventCardProps) {
  const styles = useStyles();
  const user = useAtomValue(userInfoAtom);
  const Heading = headingLevel;
  const times = eventTimes(event.startsAt, event.endsAt, event.timeZone, viewerZone);
  const state = eventState(event, now);
  const cancelled = state === 'cancelled';
  // Who may see it (issue 28), when that is not everyone.
  const restricted = event.visibility !== undefined && event.visibility !== 'public';
  const past = state === 'past';
  // A cancelled event shows neither seats nor the viewer's attendance: nothing on it may look alive.
  const attendance = cancelled ? null : attendanceOf(user.attendingEvents, event.id);
  const seats = state === 'upcoming' ? seatsText(event.seatsLeft) : null;
  return (
    <article
      className={mergeClasses(styles.card, cancelled && styles.cancelled)}
      data-testid="event-card"
      data-event-state={state}
    >
      {cover && (
        <div className={styles.preview}>
          <ItemFace
            image={event.imageUrl}
            upload={event.cover}
            colourKey={event.communityId}
            name={event.communityName}
            className={styles.cover}
            // Cards sit three or four to a row on a desktop, one on a phone.
            sizes="(min-width: 600px) 33vw, 100vw"
            priority={coverPriority}
          />
        </div>
      )}
      <Heading className={styles.heading}>
        <Text weight="semibold" size={400} className={cancelled ? styles.struck : undefined}>
          <RouterLink to={routePaths.eventDetail(event.id)} className={styles.title}>
            {event.title}
          </RouterLink>
        </Text>
      </Heading>
      <Caption1 className={styles.community}>{event.communityName}</Caption1>
      <div className={styles.facts}>
        <Caption1 className={styles.fact}>
          <CalendarRegular className={styles.icon} aria-hidden="true" />
          <span>
            <time dateTime={event.startsAt}>{times.local}</time>
          </span>
        </Caption1>
        {times.viewer && (
          <Caption1 className={styles.fact} data-testid="viewer-time">
            <GlobeClockRegular className={styles.icon} aria-hidden="true" />
            {/* data-volatile: the visual baselines mask it (the demo's dates follow the day of the run). */}
            <span data-volatile="">Your time: {times.viewer}</span>
          </Caption1>
        )}
        <Caption1 className={styles.fact}>
          <LocationRegular className={styles.icon} aria-hidden="true" />
          <span>{locationSummary(event.locations)}</span>
        </Caption1>
      </div>
      {(cancelled || past || seats || attendance || restricted) && (
        <div className={styles.badges}>
          <VisibilityBadge visibility={event.visibility} />
          {cancelled && (
            <Badge appearance="filled" color="danger">
              Cancelled
            </Badge>
          )}
          {/* Tint, not outline: Fluent's outline "subtle" badge is white text on the card's white, an
              invisible badge that still took its 41 px in front of "You attended". */}
          {past && (
            <Badge appearance="tint" color="subtle">
              Past
            </Badge>
          )}
          {seats && (
            <Badge appearance={seats.full ? 'filled' : 'tint'} color={seats.full ? 'severe' : 'informative'}>
              {seats.text}
            </Badge>
          )}
          {attendance === 'attending' && (
            <Badge appearance="tint" color="success">
              {past ? 'You attended' : "You're going"}
            </Badge>
          )}
          {attendance === 'waiting' && !past && (
            <Badge appearance="tint" color="warning">
              On the waiting list
            </Badge>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * Where a card will be, before it is drawn: the card's frame and cover at the card's size, and room
 * for its shortest text, so that the list keeps its place when the card replaces it. Plain elements,
 * no shimmer: it shows for a moment only, below a list's first row, whose cards are drawn a commit
 * later (issue 14: drawing a whole page of cards in one commit was one of the long tasks of the
 * events list's load on a phone). Hidden from assistive technology: the list's count and cards say
 * what is there.
 */
export function EventCardPlaceholder() {
  const styles = useStyles();
  return (
    <div className={styles.card} aria-hidden="true" data-testid="event-card-placeholder">
      <div className={mergeClasses(styles.preview, styles.cover, styles.placeholderCover)} />
      <div className={styles.placeholderText} />
    </div>
  );
}
