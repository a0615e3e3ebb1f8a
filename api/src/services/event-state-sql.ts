/**
 * Which list an event is filed in, in SQL, for every list that splits events into upcoming and past
 * (the manage area's; the public list and My hub say the same in their own statements). A cancelled
 * event is never upcoming: it is filed under past at once, flagged cancelled, so no list shows it as
 * something still to come (issue 23). The browser's twin: shared/src/events/event-state.ts.
 * Written against the alias `e` of the event table.
 */
import { sql, type SqlBool } from 'kysely';

export const UPCOMING_EVENT = sql<SqlBool>`(e.ends_at >= now() and not e.cancelled)`;
export const PAST_EVENT = sql<SqlBool>`(e.ends_at < now() or e.cancelled)`;

/** The condition of one side. */
export const eventFiledUnder = (when: 'upcoming' | 'past') => (when === 'upcoming' ? UPCOMING_EVENT : PAST_EVENT);
