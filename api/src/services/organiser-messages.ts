/**
 * Organiser messages (migration 0025): who an audience is, how many it counts, the stored message
 * and the pages' lists. The recipients are chosen by one SQL select (`audienceRecipients`), which
 * both the count shown to the sender and the fan-out of the mails use, so the number a sender sees
 * is the number of mails queued.
 */
import type { MessageAudience, OrganiserMessage } from '@hub/contract/organiser-messages';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database, OrganiserAudience } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An audience as stored: an event's (with its place for 'event-location') or a community's. */
export type Audience =
  | { kind: 'event-all' | 'event-checked-in'; eventId: number }
  | { kind: 'event-location'; eventId: number; eventLocationId: number }
  | { kind: 'community-members'; communityId: number };

/**
 * The users an audience reaches, one row each (`userId`): attendees holding a seat (the waiting
 * list is not coming, so it is not written to), narrowed to one place or to those checked in; or a
 * community's members.
 */
export function audienceRecipients(
  db: Db,
  audience: Audience,
): SelectQueryBuilder<Database, never, { userId: number }> {
  if (audience.kind === 'community-members') {
    return db
      .selectFrom('communityMembership as m')
      .select('m.userId')
      .where('m.communityId', '=', audience.communityId) as unknown as SelectQueryBuilder<
      Database,
      never,
      { userId: number }
    >;
  }
  let q = db
    .selectFrom('eventAttendee as a')
    .select('a.userId')
    .where('a.eventId', '=', audience.eventId)
    .where('a.status', '=', 'attending');
  if (audience.kind === 'event-location') q = q.where('a.eventLocationId', '=', audience.eventLocationId);
  if (audience.kind === 'event-checked-in') q = q.where('a.checkedInAt', 'is not', null);
  return q as unknown as SelectQueryBuilder<Database, never, { userId: number }>;
}

export async function countAudience(db: Db, audience: Audience): Promise<number> {
  const row = await db
    .selectFrom(audienceRecipients(db, audience).as('r'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** What a place is called in lists and mails: its city, or "Online". */
export const placeName = (cityName: string, online: boolean): string =>
  cityName.trim() || (online ? 'Online' : 'In person');

/** Each choice of an event's audience with the number it reaches (the compose dialog shows them). */
export async function eventAudienceCounts(db: Db, eventId: number) {
  const totals = await db
    .selectFrom('eventAttendee')
    .select([
      sql<number>`(count(*) filter (where status = 'attending'))::int`.as('all'),
      sql<number>`(count(*) filter (where status = 'attending' and checked_in_at is not null))::int`.as('checkedIn'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  const places = await db
    .selectFrom('eventLocation')
    .select(['id', 'cityName', 'online', 'attendeeCount'])
    .where('eventId', '=', eventId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return {
    all: totals.all,
    checkedIn: totals.checkedIn,
    locations: places.map((p) => ({
      eventLocationId: p.id,
      name: placeName(p.cityName, p.online),
      online: p.online,
      attending: p.attendeeCount,
    })),
  };
}

/** "everyone attending", "the attendees at Paris", …: the audit log's and the mail footer's words. */
export function audienceText(audience: OrganiserAudience, locationName: string | null): string {
  switch (audience) {
    case 'event-all':
      return 'everyone attending';
    case 'event-location':
      return `the attendees at ${locationName ?? 'one place'}`;
    case 'event-checked-in':
      return 'the attendees checked in';
    case 'community-members':
      return 'the members';
  }
}

export interface NewMessage {
  communityId: number;
  eventId: number | null;
  authorUserId: number;
  audience: OrganiserAudience;
  eventLocationId: number | null;
  locationName: string | null;
  subject: string;
  body: string;
  recipientCount: number;
}

export async function insertMessage(db: Db, message: NewMessage): Promise<number> {
  const { id } = await db.insertInto('organiserMessage').values(message).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** How many messages a page lists: the latest ones (a page is not an archive). */
const LISTED = 50;

function messagesQuery(db: Db) {
  return db
    .selectFrom('organiserMessage as m')
    .leftJoin('appUser as u', 'u.id', 'm.authorUserId')
    .select([
      'm.id',
      'm.subject',
      'm.body',
      'm.audience',
      'm.locationName',
      sql<string>`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`.as('authorName'),
      'm.createdAt',
    ])
    .orderBy('m.id', 'desc')
    .limit(LISTED);
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['execute']>>[number];

function presentMessage(r: MessageRow): OrganiserMessage {
  return {
    id: r.id,
    subject: r.subject,
    body: r.body,
    audience: r.audience as MessageAudience,
    locationName: r.locationName,
    authorName: r.authorName,
    sentAt: r.createdAt.toISOString(),
  };
}

export async function eventMessages(db: Db, eventId: number): Promise<OrganiserMessage[]> {
  return (await messagesQuery(db).where('m.eventId', '=', eventId).execute()).map(presentMessage);
}

export async function communityMessages(db: Db, communityId: number): Promise<OrganiserMessage[]> {
  return (
    await messagesQuery(db).where('m.communityId', '=', communityId).where('m.eventId', 'is', null).execute()
  ).map(presentMessage);
}

export async function messageById(db: Db, id: number): Promise<OrganiserMessage | undefined> {
  const row = await messagesQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row && presentMessage(row);
}
