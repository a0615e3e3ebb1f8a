import { memo, startTransition, useEffect, useState } from 'react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { EventSummary } from '@hub/shared';
import { usePageStyles } from '@hub/ui/page-styles';
import { EventCard, EventCardPlaceholder } from '@hub/ui/event-card';

/**
 * The cards the list's first commit draws: the first row at the widest grid this page has (three
 * columns in its 72rem column), more than a phone's first screen shows. The rows after it may then
 * change height when their cards replace the placeholders without moving anything on screen: only
 * the rows below the next one move, and they are below the fold.
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
 * The list's first appearance draws its first row of cards and holds the other cards' places with
 * placeholders of a card's size; the rest are drawn right after, as a transition (issue 14, Total
 * Blocking Time: the first commit of this page, and the whole page's style and layout pass after it,
 * were among the longest tasks of its load on a phone, and a page of cards was a good part of both).
 * Later answers (filters, pages) draw every card at once: the list is on screen then, and a
 * half-drawn list would flicker.
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
