import { memo, startTransition, useEffect, useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { EventSummary } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { EventCard, EventCardPlaceholder } from '@hub/ui/event-card';

/**
 * How many cards the list's first commit draws: the first row at the widest grid this page has
 * (three columns in its 72rem column), which is also more than a phone's first screen shows.
 */
export const firstDrawnCards = 3;

const useStyles = makeStyles({
  updating: { opacity: 0.6, transitionProperty: 'opacity', transitionDuration: tokens.durationNormal },
});

export interface EventResultsProps {
  items: readonly EventSummary[];
  /** The cards shown are the previous answer's while the next one loads. */
  updating: boolean;
  labelledBy: string;
}

/**
 * A page of event cards. Memoised: the filter choices' answers re-render the page synchronously
 * (TanStack Query hands answers over through useSyncExternalStore), and the cards need not follow.
 *
 * The list's first appearance draws its first row of cards and holds the others' places with
 * placeholders of a card's size; the rest are drawn right after, as a transition (issue 14, Total
 * Blocking Time: committing and laying out a whole page of cards at once was one of the longest
 * tasks of the page's load on a phone). Later answers (filters, pages) draw every card at once: the
 * list is on screen then, and half-drawn pages would flicker.
 */
export const EventResults = memo(function EventResults({ items, updating, labelledBy }: EventResultsProps) {
  const styles = useStyles();
  const page = usePageStyles();
  const [allDrawn, setAllDrawn] = useState(items.length <= firstDrawnCards);
  useEffect(() => {
    if (!allDrawn) startTransition(() => setAllDrawn(true));
  }, [allDrawn]);
  return (
    <ul
      className={mergeClasses(page.cards, updating && styles.updating)}
      aria-labelledby={labelledBy}
      aria-busy={updating || !allDrawn || undefined}
    >
      {items.map((event, index) => (
        <li key={event.id}>
          {allDrawn || index < firstDrawnCards ? (
            // The first cover is the page's largest paint on a phone; beyond the first row (three
            // cards at most) covers load as they come into view.
            <EventCard event={event} coverPriority={index === 0 ? 'high' : index >= 3 ? 'lazy' : 'auto'} />
          ) : (
            <EventCardPlaceholder />
          )}
        </li>
      ))}
    </ul>
  );
});
