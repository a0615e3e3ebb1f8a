/**
 * Issue 28: everything the product holds about one person, as the JSON of "Download my data".
 *
 * Every table that refers to a user is read here; `EXPORTED_USER_REFERENCES` names those references
 * (table.column), and a test compares it with the database's foreign keys to app_user, so a new
 * table that refers to people cannot be added without this export (and the account deletion that
 * reads the same list) saying what happens to it.
 */
import type { MyDataExport } from '@hub/contract/my-data';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Every foreign key to app_user(id), as `table.column`: what this export (and the deletion) covers. */
export const EXPORTED_USER_REFERENCES = [
  'user_role.user_id',
  'community_membership.user_id',
  'community_core_member.user_id',
  'event.created_by',
  'event_attendee.user_id',
  'event_reminder.user_id',
  'calendar_feed.user_id',
  'audit_log.actor_user_id',
  'mail_preference.user_id',
  'community_news_choice.user_id',
  'organiser_message.author_user_id',
  'weekly_digest_run.user_id',
  'image.owner_user_id',
  'community_join_request.user_id',
] as const;

const ROLE_NAMES: Record<number, string> = { 0: 'Admin', 2: 'Capgemini', 3: 'External' };
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The export of user `userId`, or undefined when there is no such user. */
export async function exportUserData(db: Kysely<Database>, userId: number): Promise<MyDataExport | undefined> {
  const user = await db
    .selectFrom('appUser as u')
    .leftJoin('businessUnit as b', 'b.id', 'u.businessUnitId')
    .select([
      'u.id',
      'u.uid',
      'u.email',
      'u.firstName',
      'u.lastName',
      'u.phoneNumber',
      'u.imageUrl',
      'u.avatarImageId',
      'u.city',
      'b.name as businessUnit',
      'u.createdAt',
      'u.updatedAt',
      'u.whosGoingDefault',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;

  const [
    roles,
    memberships,
    joinRequests,
    seats,
    attendances,
    reminders,
    eventsCreated,
    mailPreferences,
    newsChoices,
    digests,
    feed,
    images,
    messages,
    aboutMe,
    actions,
  ] = await Promise.all([
    db.selectFrom('userRole').select('role').where('userId', '=', userId).orderBy('role').execute(),
    db
      .selectFrom('communityMembership as m')
      .innerJoin('community as c', 'c.id', 'm.communityId')
      .select(['m.communityId', 'c.name', 'm.joinedAt'])
      .where('m.userId', '=', userId)
      .orderBy('m.joinedAt')
      .execute(),
    db
      .selectFrom('communityJoinRequest as r')
      .innerJoin('community as c', 'c.id', 'r.communityId')
      .select(['r.communityId', 'c.name', 'r.status', 'r.askedAt', 'r.decidedAt'])
      .where('r.userId', '=', userId)
      .orderBy('r.askedAt')
      .execute(),
    db
      .selectFrom('communityCoreMember as s')
      .innerJoin('community as c', 'c.id', 's.communityId')
      .select(['s.communityId', 'c.name', 's.responsibleForCommunity'])
      .where('s.userId', '=', userId)
      .orderBy('s.communityId')
      .execute(),
    db
      .selectFrom('eventAttendee as a')
      .innerJoin('event as e', 'e.id', 'a.eventId')
      .leftJoin('eventLocation as l', 'l.id', 'a.eventLocationId')
      .select([
        'a.eventId',
        'e.title',
        'e.startsAt',
        'e.endsAt',
        'a.status',
        'l.cityName',
        'l.address',
        'l.online',
        'a.createdAt',
        'a.checkedInAt',
        'a.shownInWhosGoing',
      ])
      .where('a.userId', '=', userId)
      .orderBy('e.startsAt')
      .execute(),
    db
      .selectFrom('eventReminder')
      .select(['eventId', 'kind', 'startsAt', 'queuedAt'])
      .where('userId', '=', userId)
      .orderBy('queuedAt')
      .execute(),
    db
      .selectFrom('event')
      .select(['id', 'title', 'createdAt'])
      .where('createdBy', '=', userId)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('mailPreference')
      .select(['kind', 'enabled', 'updatedAt'])
      .where('userId', '=', userId)
      .orderBy('kind')
      .execute(),
    db
      .selectFrom('communityNewsChoice as n')
      .innerJoin('community as c', 'c.id', 'n.communityId')
      .select(['n.communityId', 'c.name', 'n.choice', 'n.updatedAt'])
      .where('n.userId', '=', userId)
      .orderBy('n.communityId')
      .execute(),
    db
      .selectFrom('weeklyDigestRun')
      .select([sql<string>`week::text`.as('week'), 'queuedAt'])
      .where('userId', '=', userId)
      .orderBy('week')
      .execute(),
    db.selectFrom('calendarFeed').select('createdAt').where('userId', '=', userId).executeTakeFirst(),
    db
      .selectFrom('image')
      .select(['id', 'kind', 'communityId', 'width', 'height', 'variants', 'createdAt'])
      .where('ownerUserId', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('organiserMessage')
      .select(['id', 'communityId', 'eventId', 'audience', 'subject', 'body', 'recipientCount', 'createdAt'])
      .where('authorUserId', '=', userId)
      .orderBy('id')
      .execute(),
    // About the person: a user target, or a record whose details name them (check-ins, seats).
    db
      .selectFrom('auditLog')
      .select(['id', 'at', 'action', 'targetType', 'targetId', 'summary'])
      .where((eb) =>
        eb.or([
          eb.and([eb('targetType', '=', 'user'), eb('targetId', '=', userId)]),
          eb(sql`details->>'userId'`, '=', String(userId)),
        ]),
      )
      .orderBy('id')
      .execute(),
    db
      .selectFrom('auditLog')
      .select(['id', 'at', 'action', 'targetType', 'targetId'])
      .where('actorUserId', '=', userId)
      .orderBy('id')
      .execute(),
  ]);

  const { whosGoingDefault, ...profileFields } = user;
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      ...profileFields,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    roles: roles.map((r) => ROLE_NAMES[r.role] ?? String(r.role)),
    memberships: memberships.map((m) => ({ communityId: m.communityId, community: m.name, joinedAt: iso(m.joinedAt) })),
    joinRequests: joinRequests.map((r) => ({
      communityId: r.communityId,
      community: r.name,
      status: r.status,
      askedAt: iso(r.askedAt),
      decidedAt: isoOrNull(r.decidedAt),
    })),
    coreMemberSeats: seats.map((s) => ({
      communityId: s.communityId,
      community: s.name,
      lead: s.responsibleForCommunity,
    })),
    attendances: attendances.map((a) => ({
      eventId: a.eventId,
      event: a.title,
      startsAt: iso(a.startsAt),
      endsAt: iso(a.endsAt),
      status: a.status,
      place: a.cityName === null ? null : { cityName: a.cityName, address: a.address, online: a.online ?? false },
      registeredAt: iso(a.createdAt),
      checkedInAt: isoOrNull(a.checkedInAt),
      shownInWhosGoing: a.shownInWhosGoing,
    })),
    remindersQueued: reminders.map((r) => ({
      eventId: r.eventId,
      kind: r.kind,
      startsAt: iso(r.startsAt),
      queuedAt: iso(r.queuedAt),
    })),
    eventsCreated: eventsCreated.map((e) => ({ eventId: e.id, title: e.title, createdAt: iso(e.createdAt) })),
    whosGoing: { shownByDefault: whosGoingDefault },
    mailPreferences: mailPreferences.map((p) => ({ kind: p.kind, enabled: p.enabled, updatedAt: iso(p.updatedAt) })),
    communityNewsChoices: newsChoices.map((n) => ({
      communityId: n.communityId,
      community: n.name,
      choice: n.choice,
      updatedAt: iso(n.updatedAt),
    })),
    weeklyDigests: digests.map((d) => ({ week: d.week, queuedAt: iso(d.queuedAt) })),
    calendarFeed: feed ? { createdAt: iso(feed.createdAt) } : null,
    imagesUploaded: images.map((i) => ({
      id: i.id,
      kind: i.kind,
      communityId: i.communityId,
      width: i.width,
      height: i.height,
      urls: i.variants.map((v) => v.url),
      createdAt: iso(i.createdAt),
    })),
    organiserMessagesSent: messages.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
    auditLog: {
      aboutMe: aboutMe.map((r) => ({ ...r, at: iso(r.at) })),
      actionsITook: actions.map((r) => ({ ...r, at: iso(r.at) })),
    },
  };
}
