/**
 * The demo's history, so the manage area and the admin dashboards show something real on a fresh
 * start: accounts signed up over the last weeks, registrations made days before each event, past
 * events with most of their attendees checked in (the lead's community keeps some unchecked, to try
 * check-in on), and an audit log of the actions that would have built the catalogue.
 * Written once: only while the audit log is empty, so a restart neither moves dates nor repeats rows.
 */
import { AuditAction, AuditTargetType } from '@hub/contract/audit';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordAudit } from '../services/audit-log.ts';
import type { DemoAccountKey } from './demo-accounts.ts';
import { COMMUNITIES, EVENTS } from './demo-data.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface DemoActivityInput {
  now: Date;
  users: Record<DemoAccountKey, number>;
  communities: Record<string, number>;
  events: Record<string, number>;
  fillers: number[];
}

export async function seedDemoActivity(trx: Transaction<Database>, input: DemoActivityInput): Promise<void> {
  const { n } = await trx
    .selectFrom('auditLog')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (n > 0) return;
  const { now, users, communities, events, fillers } = input;
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);

  // Sign-ups spread over about four months; newstaff joined this week, as the demo persona says.
  const joined: Record<DemoAccountKey, number> = {
    admin: 130,
    lead: 120,
    core: 112,
    staff: 90,
    external: 20,
    newstaff: 2,
  };
  for (const [key, days] of Object.entries(joined) as [DemoAccountKey, number][])
    await sql`update app_user set created_at = ${ago(days, 3)} where id = ${users[key]}`.execute(trx);
  for (const [i, id] of fillers.entries())
    await sql`update app_user set created_at = ${ago((i * 37) % 84, i % 9)} where id = ${id}`.execute(trx);

  // Past events: a fuller room than the seed's first few seats, registrations made before the day,
  // and most attendees checked in. The lead's community keeps unchecked attendees to try check-in on.
  const lead = COMMUNITIES[0]!.name;
  for (const [index, ev] of EVENTS.entries()) {
    if (ev.dayOffset >= 0) continue;
    const eventId = events[ev.title]!;
    const event = await trx
      .selectFrom('event')
      .select(['startsAt', 'capacity', 'cancelled'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    if (event.cancelled) continue;
    const locations = await trx
      .selectFrom('eventLocation as l')
      .select([
        'l.id',
        'l.capacity',
        sql<number>`(select count(*)::int from event_attendee a where a.event_location_id = l.id and a.status = 'attending')`.as(
          'taken',
        ),
      ])
      .where('l.eventId', '=', eventId)
      .orderBy('l.position')
      .execute();
    // A location's own limit holds too (issue 11): the next newcomer goes to the next place with room.
    const room = (l: (typeof locations)[number]) => l.capacity === null || l.taken < l.capacity;
    const target = Math.min(event.capacity ?? Infinity, 6 + ((index * 5) % 13));
    let seated = locations.reduce((n, l) => n + l.taken, 0);
    if (locations.length === 0)
      seated = (
        await trx
          .selectFrom('eventAttendee')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('eventId', '=', eventId)
          .where('status', '=', 'attending')
          .executeTakeFirstOrThrow()
      ).n;
    for (let k = 0; seated < target && k < fillers.length; k++) {
      const open = locations.filter(room);
      const location = open[k % Math.max(open.length, 1)];
      if (locations.length > 0 && !location) break;
      const added = await trx
        .insertInto('eventAttendee')
        .values({
          eventId,
          userId: fillers[(index * 7 + k * 3) % fillers.length]!,
          eventLocationId: location?.id ?? null,
          status: 'attending',
        })
        .onConflict((oc) => oc.doNothing())
        .returning('userId')
        .executeTakeFirst();
      if (added) seated++;
      if (added && location) location.taken++;
    }
    const attendees = await trx
      .selectFrom('eventAttendee as a')
      .innerJoin('appUser as u', 'u.id', 'a.userId')
      .select(['a.userId', 'u.firstName', 'u.lastName', 'u.email'])
      .where('a.eventId', '=', eventId)
      .orderBy('a.seq')
      .execute();
    for (const [k, a] of attendees.entries()) {
      const registeredAt = new Date(event.startsAt.getTime() - (2 + ((k * 5 + index) % 20)) * DAY - k * HOUR);
      const checkIn = ev.community === lead ? k % 2 === 0 && ev.dayOffset < -45 : k % 4 !== 3;
      const checkedInAt = checkIn ? new Date(event.startsAt.getTime() - 15 * 60_000 + k * 90_000) : null;
      await sql`update event_attendee set created_at = ${registeredAt}, checked_in_at = ${checkedInAt}
        where event_id = ${eventId} and user_id = ${a.userId}`.execute(trx);
      if (checkedInAt)
        await recordAudit(trx, {
          actorUserId: ev.community === lead ? users.lead : users.admin,
          action: AuditAction.AttendeeCheckIn,
          targetType: AuditTargetType.Event,
          targetId: eventId,
          summary: `Checked in ${a.firstName} ${a.lastName} <${a.email}> at ${ev.title}`,
          details: { userId: a.userId },
          at: checkedInAt,
        });
    }
    await sql`update event set attendee_count = (select count(*) from event_attendee a where a.event_id = ${eventId} and a.status = 'attending') where id = ${eventId}`.execute(
      trx,
    );
  }

  // The catalogue's history as the audit log would have written it.
  for (const [i, c] of COMMUNITIES.entries()) {
    await recordAudit(trx, {
      actorUserId: users.admin,
      action: AuditAction.CommunityCreate,
      targetType: AuditTargetType.Community,
      targetId: communities[c.name]!,
      summary: `Created ${c.name}`,
      details: { name: c.name, communityBaseId: c.base },
      at: ago(125 - i, 2),
    });
  }
  const first = communities[lead]!;
  for (const [key, isLead, days] of [
    ['lead', true, 118],
    ['core', false, 110],
  ] as const) {
    await recordAudit(trx, {
      actorUserId: key === 'lead' ? users.admin : users.lead,
      action: AuditAction.CoreMemberAppoint,
      targetType: AuditTargetType.Community,
      targetId: first,
      summary: `Appointed ${key}@hub.test core member${isLead ? ' and lead' : ''} of ${lead}`,
      details: { userId: users[key], responsibleForCommunity: isLead },
      at: ago(days, 1),
    });
  }
  await recordAudit(trx, {
    actorUserId: users.admin,
    action: AuditAction.UserRolesChange,
    targetType: AuditTargetType.User,
    targetId: users.external,
    summary: 'Roles of Eve External <external@hub.test>: Capgemini → External',
    details: { before: [2], after: [3] },
    at: ago(19, 4),
  });
  for (const ev of EVENTS) {
    const id = events[ev.title]!;
    await recordAudit(trx, {
      actorUserId: ev.community === lead ? users.lead : users.admin,
      action: AuditAction.EventCreate,
      targetType: AuditTargetType.Event,
      targetId: id,
      summary: `Created event ${ev.title}`,
      details: { title: ev.title },
      at: new Date(now.getTime() + (ev.dayOffset - 40) * DAY),
    });
  }
  await recordAudit(trx, {
    actorUserId: users.lead,
    action: AuditAction.EventUpdate,
    targetType: AuditTargetType.Event,
    targetId: events['Platform Engineering Day']!,
    summary: 'Edited event Platform Engineering Day (capacity)',
    details: { title: 'Platform Engineering Day', changes: { capacity: { before: 100, after: 120 } } },
    at: ago(3, 5),
  });
}
