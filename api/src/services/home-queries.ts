/**
 * The home page's reads (issue 27). The rules are written in docs/decisions.md ("Home that knows
 * you"): a featured event, the most active communities, and for a signed-in user the events of
 * their communities and the communities people like them are in.
 */
import { sql, type Kysely } from 'kysely';
import type { CommunitySummary } from '@hub/contract/community';
import type { EventSummary } from '@hub/contract/events';
import type { Database } from '../db/schema.ts';
import { summaryQuery, withIsoNextEvent } from './community-queries.ts';
import { eventSummaryQuery, presentEvent } from './event-queries.ts';
import { ANONYMOUS_VIEWER, communityListed, eventListed, type Viewer } from './visibility.ts';

/** How many communities and events each part of the home shows. */
export const homeShown = 4;

/** The window in which the most attended event is featured. */
const featuredWindow = sql`interval '14 days'`;

/**
 * Of the events starting within 14 days (not cancelled), the one with the most attendees, then the
 * soonest; when none starts that soon, the next event at all.
 */
export async function featuredEvent(db: Kysely<Database>): Promise<EventSummary | null> {
  // An archived community's events are in no list (issue 27), nor featured; the public home is the
  // same for everyone, so it features only what anyone may find (issue 28).
  const row = await eventSummaryQuery(db)
    .where('c.archivedAt', 'is', null)
    .where(eventListed(ANONYMOUS_VIEWER))
    .where('e.cancelled', '=', false)
    .where(sql<boolean>`e.starts_at >= now()`)
    .orderBy(sql`e.starts_at < now() + ${featuredWindow}`, 'desc')
    .orderBy('e.attendeeCount', 'desc')
    .orderBy('e.startsAt')
    .orderBy('e.id')
    .limit(1)
    .executeTakeFirst();
  return row ? presentEvent(row) : null;
}

/** Communities and networks with the most upcoming events, then the most members. */
export async function activeCommunities(db: Kysely<Database>): Promise<CommunitySummary[]> {
  const rows = await summaryQuery(db, ANONYMOUS_VIEWER)
    .where('c.archivedAt', 'is', null)
    .where(communityListed(ANONYMOUS_VIEWER))
    .orderBy('upcomingEventCount', 'desc')
    .orderBy('memberCount', 'desc')
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(homeShown)
    .execute();
  return rows.map(withIsoNextEvent);
}

/** Upcoming events of the user's communities that the user has not signed up for, soonest first. */
export async function eventsOfMyCommunities(
  db: Kysely<Database>,
  userId: number,
  viewer: Viewer,
): Promise<EventSummary[]> {
  const rows = await eventSummaryQuery(db)
    .where('c.archivedAt', 'is', null)
    .where(eventListed(viewer))
    .where(sql<boolean>`e.ends_at >= now() and not e.cancelled`)
    .where(
      sql<boolean>`exists (select 1 from community_membership m where m.community_id = e.community_id and m.user_id = ${userId})`,
    )
    .where(sql<boolean>`not exists (select 1 from event_attendee a where a.event_id = e.id and a.user_id = ${userId})`)
    .orderBy('e.startsAt')
    .orderBy('e.id')
    .limit(homeShown)
    .execute();
  return rows.map(presentEvent);
}

/**
 * Communities the user is not in, ranked by how many of their members share the user's city (case
 * aside) or business unit; then, so that there is always something to suggest, the most active.
 */
export async function suggestedCommunities(
  db: Kysely<Database>,
  userId: number,
  viewer: Viewer,
): Promise<CommunitySummary[]> {
  const me = await db
    .selectFrom('appUser')
    .select(['city', 'businessUnitId'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const city = me?.city?.trim() || null;
  const unit = me?.businessUnitId ?? null;
  const rows = await summaryQuery(db, viewer)
    .select(
      sql<number>`(select count(*)::int from community_membership m join app_user u on u.id = m.user_id
        where m.community_id = c.id and m.user_id <> ${userId}
          and (lower(u.city) = lower(${city}) or u.business_unit_id = ${unit}))`.as('peers'),
    )
    .where('c.archivedAt', 'is', null)
    .where(communityListed(viewer))
    .where(
      sql<boolean>`not exists (select 1 from community_membership m where m.community_id = c.id and m.user_id = ${userId})`,
    )
    .orderBy('peers', 'desc')
    .orderBy('upcomingEventCount', 'desc')
    .orderBy('memberCount', 'desc')
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(homeShown)
    .execute();
  return rows.map(({ peers: _peers, ...community }) => withIsoNextEvent(community));
}
