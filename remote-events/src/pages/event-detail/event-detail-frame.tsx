import type { ReactNode } from 'react';
import { Badge, Caption1, makeStyles, mergeClasses, Text, Title1, tokens } from '@fluentui/react-components';
import { CalendarCancelRegular } from '@fluentui/react-icons';
import { routePaths, type EventDetail } from '@hub/shared';
import { fromWidth } from '@hub/ui/breakpoints';
import { eventTimes } from '@hub/ui/date-time';
import { VisibilityBadge } from '@hub/ui/visibility-badge';
import { ItemFace } from '@hub/ui/face';
import { usePageStyles } from '@hub/ui/page-styles';
import { RouterLink } from '@hub/ui/router-link';

const useStyles = makeStyles({
  // 2:1 on a phone, where it is the page's largest paint, and from 640 px; 3:1 from 960 px so that the
  // title stays in view. Not the 4:1 strip it was: with the focal point as object-position the
  // subject stays in every crop (issue 27).
  cover: {
    borderRadius: tokens.borderRadiusLarge,
    [fromWidth('small')]: { aspectRatio: '2 / 1' },
    [fromWidth('medium')]: { aspectRatio: '3 / 1' },
  },
  facts: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  times: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
});

export interface EventDetailFrameProps {
  event: EventDetail;
  /**
   * The viewer's time zone, for the "Your time" line; `null` where it is not known (the page's HTML,
   * rendered by the host's page server for every visitor), which leaves the line out.
   */
  viewerZone: string | null;
  children?: ReactNode;
}

/**
 * The top of an event's page: its cover, what kind of event it is and whose, its title and when.
 * Public data only, the same for every visitor: the host's page server renders it with the event's
 * answer into the HTML of `/events/:id`, from this area's live release (src/server-frames.tsx), so the page's
 * largest paint (the cover on a phone) comes with the HTML, and this page renders the very same
 * markup over it. Keep the user and anything that loads later out of it: they belong below it.
 */
export function EventDetailFrame({ event, viewerZone, children }: EventDetailFrameProps) {
  const page = usePageStyles();
  const styles = useStyles();
  const times = eventTimes(event.startsAt, event.endsAt, event.timeZone, viewerZone ?? event.timeZone);
  return (
    <section className={mergeClasses(page.page, page.wide)} aria-labelledby="event-title">
      <ItemFace
        image={event.imageUrl}
        upload={event.cover}
        colourKey={event.communityId}
        name={event.communityName}
        className={styles.cover}
        priority="high"
      />
      <header className={page.header}>
        <div className={styles.facts}>
          {event.cancelled && (
            <Badge appearance="filled" color="danger" icon={<CalendarCancelRegular />}>
              Cancelled
            </Badge>
          )}
          <Badge appearance="tint" color="brand">
            {formatLabel[event.format]}
          </Badge>
          <VisibilityBadge visibility={event.visibility} />
          <Text>
            By <RouterLink to={routePaths.communityDetail(event.communityId)}>{event.communityName}</RouterLink> ·{' '}
            {event.countryName}
          </Text>
        </div>
        <Title1 as="h1" block id="event-title" className={page.heading}>
          {event.title}
        </Title1>
        <div className={styles.times}>
          <Text weight="semibold">
            <time dateTime={event.startsAt}>{times.local}</time>
          </Text>
          <Caption1>
            Event time ({event.timeZone})
            {times.viewer ? (
              <>
                {' · '}Your time ({viewerZone}): <span data-volatile="">{times.viewer}</span>
              </>
            ) : null}
          </Caption1>
        </div>
      </header>
      {children}
    </section>
  );
}

const formatLabel: Record<EventDetail['format'], string> = {
  online: 'Online',
  inPerson: 'In person',
  hybrid: 'Hybrid: in person and online',
};
