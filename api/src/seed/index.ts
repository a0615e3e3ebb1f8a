/**
 * Idempotent demo seed: every row is found by its natural key (country code, names, e-mail, event
 * title within its community) and only inserted when missing, so running it on every start is safe.
 * The demo accounts are keyed by the same fixed Firebase uids the auth emulator seed uses.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { DEMO_ACCOUNTS, type DemoAccountKey } from './demo-accounts.ts';
import type { Database } from '../db/schema.ts';
import { Role } from '@hub/contract/enums';
import {
  BUSINESS_UNITS,
  COMMUNITIES,
  COMMUNITY_BASES,
  COUNTRIES,
  COUNTRY_TIME_ZONES,
  EVENTS,
  type DemoEvent,
} from './demo-data.ts';
import { seedDemoActivity } from './demo-activity.ts';
import { demoImageUrl, isEarlierDemoImageUrl } from './demo-images.ts';

export interface SeedResult {
  /** Database user ids of the demo accounts. */
  users: Record<DemoAccountKey, number>;
  /** Community ids by name; the first community of the list is the lead's. */
  communities: Record<string, number>;
  events: Record<string, number>;
}

export interface SeedOptions {
  /** Firebase uids of the demo accounts when they differ from the fixed `demo-<key>` ones. */
  accountUids?: Partial<Record<DemoAccountKey, string>>;
  /** Reference time for the event dates of a first seed; default now. */
  now?: Date;
  /** The API's address as browsers reach it, for the demo pictures it serves; default the API's default port. */
  apiPublicUrl?: string;
}

const DEMO_PROFILES: Record<DemoAccountKey, { roles: number[]; city: string | null; unit: string; phone: string }> = {
  admin: {
    roles: [Role.Admin, Role.Capgemini],
    city: 'Utrecht',
    unit: 'Applications & Technology',
    phone: '+31 30 000 0001',
  },
  lead: { roles: [Role.Capgemini], city: 'Utrecht', unit: 'Cloud Infrastructure Services', phone: '+31 30 000 0002' },
  core: { roles: [Role.Capgemini], city: 'Amsterdam', unit: 'Cloud Infrastructure Services', phone: '' },
  staff: { roles: [Role.Capgemini], city: 'Rotterdam', unit: 'Insights & Data', phone: '' },
  newstaff: { roles: [Role.Capgemini], city: null, unit: 'Invent', phone: '' },
  external: { roles: [Role.External], city: 'Paris', unit: '', phone: '' },
};

const FILLER_NAMES = [
  ['Noah', 'de Vries'],
  ['Emma', 'Jansen'],
  ['Liam', 'Bakker'],
  ['Mila', 'Visser'],
  ['Lucas', 'Smit'],
  ['Julia', 'Meijer'],
  ['Finn', 'Müller'],
  ['Hannah', 'Schmidt'],
  ['Leon', 'Weber'],
  ['Lea', 'Fischer'],
  ['Paul', 'Wagner'],
  ['Marie', 'Becker'],
  ['Louis', 'Martin'],
  ['Chloé', 'Bernard'],
  ['Hugo', 'Dubois'],
  ['Inès', 'Moreau'],
  ['Arthur', 'Laurent'],
  ['Léa', 'Simon'],
  ['Aarav', 'Sharma'],
  ['Diya', 'Patel'],
  ['Vihaan', 'Iyer'],
  ['Ananya', 'Reddy'],
  ['Arjun', 'Nair'],
  ['Saanvi', 'Gupta'],
] as const;

async function upsertUser(
  trx: Transaction<Database>,
  u: {
    uid: string;
    email: string;
    firstName: string;
    lastName: string;
    city: string | null;
    businessUnitId: number | null;
    phoneNumber: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('appUser')
    .values(u)
    .onConflict((oc) => oc.expression(sql`lower(email)`).doUpdateSet({ uid: u.uid }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Milliseconds the zone is ahead of UTC at that instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(
    parts['year']!,
    parts['month']! - 1,
    parts['day']!,
    parts['hour']!,
    parts['minute']!,
    parts['second']!,
  );
  return asUtc - (instant - (instant % 1000));
}

/** The instant of a wall-clock hour on the day `dayOffset` days after `base`, in the event's zone. */
export function demoStart(base: Date, ev: Pick<DemoEvent, 'dayOffset' | 'hour'>, timeZone: string): Date {
  const local = Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + ev.dayOffset, ev.hour);
  // Two passes settle the offset on the days daylight saving time changes.
  let instant = local - zoneOffset(local, timeZone);
  instant = local - zoneOffset(instant, timeZone);
  return new Date(instant);
}

export async function seedDemoData(db: Kysely<Database>, opts: SeedOptions = {}): Promise<SeedResult> {
  const result = await seedInTransaction(db, opts);
  // Fresh statistics for the planner (PGlite has no autovacuum to collect them).
  await sql`analyze`.execute(db);
  return result;
}

async function seedInTransaction(db: Kysely<Database>, opts: SeedOptions): Promise<SeedResult> {
  const now = opts.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    // Several API processes may start together on one PostgreSQL: one seeds at a time.
    await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
    for (const c of COUNTRIES) {
      await trx
        .insertInto('country')
        .values(c)
        .onConflict((oc) => oc.column('code').doNothing())
        .execute();
    }
    for (const b of COMMUNITY_BASES) {
      await trx
        .insertInto('communityBase')
        .values(b)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    for (const name of BUSINESS_UNITS) {
      await trx
        .insertInto('businessUnit')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    }
    const countryIds = Object.fromEntries(
      (await trx.selectFrom('country').select(['id', 'code']).execute()).map((c) => [c.code, c.id]),
    );
    const unitIds = Object.fromEntries(
      (await trx.selectFrom('businessUnit').select(['id', 'name']).execute()).map((u) => [u.name, u.id]),
    );

    // Communities in list order, so a fresh database gives the lead's community id 1.
    const communities: Record<string, number> = {};
    for (const c of COMMUNITIES) {
      const existing = await trx
        .selectFrom('community')
        .select('id')
        .where('name', '=', c.name)
        .orderBy('id')
        .executeTakeFirst();
      communities[c.name] =
        existing?.id ??
        (
          await trx
            .insertInto('community')
            .values({
              name: c.name,
              description: c.description,
              countryId: countryIds[c.country]!,
              communityBaseId: c.base,
              imageUrl: '',
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    }

    const users = {} as Record<DemoAccountKey, number>;
    for (const account of DEMO_ACCOUNTS) {
      const profile = DEMO_PROFILES[account.key];
      const id = await upsertUser(trx, {
        uid: opts.accountUids?.[account.key] ?? account.uid,
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        city: profile.city,
        businessUnitId: unitIds[profile.unit] ?? null,
        phoneNumber: profile.phone,
      });
      users[account.key] = id;
      // The demo roles are part of the demo: restore them exactly.
      await trx.deleteFrom('userRole').where('userId', '=', id).execute();
      await trx
        .insertInto('userRole')
        .values(profile.roles.map((role) => ({ userId: id, role })))
        .execute();
    }

    const fillers: number[] = [];
    for (const [i, [firstName, lastName]] of FILLER_NAMES.entries()) {
      const n = String(i + 1).padStart(2, '0');
      const id = await upsertUser(trx, {
        uid: `seed-member-${n}`,
        email: `member${n}@hub.test`,
        firstName,
        lastName,
        city: null,
        businessUnitId: null,
        phoneNumber: '',
      });
      await trx
        .insertInto('userRole')
        .values({ userId: id, role: i % 4 === 3 ? Role.External : Role.Capgemini })
        .onConflict((oc) => oc.doNothing())
        .execute();
      fillers.push(id);
    }

    const join = (communityId: number, userId: number) =>
      trx
        .insertInto('communityMembership')
        .values({ communityId, userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    const seat = (communityId: number, userId: number, lead: boolean) =>
      trx
        .insertInto('communityCoreMember')
        .values({ communityId, userId, responsibleForCommunity: lead })
        .onConflict((oc) => oc.columns(['communityId', 'userId']).doUpdateSet({ responsibleForCommunity: lead }))
        .execute();

    const first = communities[COMMUNITIES[0]!.name]!;
    for (const [key, lead] of [
      ['lead', true],
      ['core', false],
    ] as const) {
      await join(first, users[key]);
      await seat(first, users[key], lead);
    }
    // Every other community gets a lead and a handful of members from the filler accounts.
    for (const [i, c] of COMMUNITIES.entries()) {
      const id = communities[c.name]!;
      if (i > 0) {
        const leadId = fillers[i % fillers.length]!;
        await join(id, leadId);
        await seat(id, leadId, true);
      }
      for (let k = 0; k < 3 + (i % 5); k++) await join(id, fillers[(i * 3 + k) % fillers.length]!);
    }
    await join(communities['Java Community']!, users.staff);
    await join(communities['Data & AI Community']!, users.staff);
    await join(communities['Women in Tech']!, users.staff);
    await join(communities['Agile Coaches']!, users.external);

    const events: Record<string, number> = {};
    const base = new Date(now);
    base.setUTCMinutes(0, 0, 0);
    for (const ev of EVENTS) {
      const communityId = communities[ev.community]!;
      const imageUrl = ev.image ? demoImageUrl(ev.image, opts.apiPublicUrl ?? 'http://localhost:8080') : '';
      const existing = await trx
        .selectFrom('event')
        .select(['id', 'imageUrl'])
        .where('communityId', '=', communityId)
        .where('title', '=', ev.title)
        .executeTakeFirst();
      if (existing) {
        events[ev.title] = existing.id;
        // A picture an earlier seed stored (another version, another port, a third-party photo) is
        // brought up to date; one an organiser chose stays.
        if (imageUrl && existing.imageUrl !== imageUrl && isEarlierDemoImageUrl(existing.imageUrl)) {
          await trx.updateTable('event').set({ imageUrl }).where('id', '=', existing.id).execute();
        }
        continue;
      }
      const community = COMMUNITIES.find((c) => c.name === ev.community)!;
      const timeZone = ev.timeZone ?? COUNTRY_TIME_ZONES[community.country];
      const starts = demoStart(base, ev, timeZone);
      const ends = new Date(starts.getTime() + ev.durationHours * 3_600_000);
      const { id } = await trx
        .insertInto('event')
        .values({
          communityId,
          title: ev.title,
          description: ev.description,
          imageUrl,
          startsAt: starts,
          endsAt: ends,
          timeZone,
          capacity: ev.capacity,
          cancelled: ev.cancelled ?? false,
          // A week before it was due: when the demo's organisers called it off.
          cancelledAt: ev.cancelled ? new Date(starts.getTime() - 7 * 86_400_000) : null,
          cancellationNote: ev.cancelled ? (ev.cancellationNote ?? null) : null,
          createdBy: users.admin,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const locationIds: number[] = [];
      for (const [position, l] of ev.locations.entries()) {
        const loc = await trx
          .insertInto('eventLocation')
          .values({
            eventId: id,
            cityName: l.cityName,
            address: l.address,
            online: l.online,
            capacity: l.capacity ?? null,
            joinUrl: l.online ? (l.joinUrl ?? null) : null,
            position,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        locationIds.push(loc.id);
      }
      events[ev.title] = id;
      // Some seats taken, so lists show real numbers; the small GitOps lab is full.
      const defaultTakers =
        ev.capacity !== null && ev.capacity <= 3 ? ev.capacity : ev.dayOffset > 0 ? ev.title.length % 6 : 4;
      const perLocation =
        ev.attendeesPerLocation ??
        locationIds.map(
          (_, i) => Math.floor(defaultTakers / locationIds.length) + (i < defaultTakers % locationIds.length ? 1 : 0),
        );
      let k = 0;
      for (const [i, count] of perLocation.entries()) {
        for (let n = 0; n < count; n++, k++) {
          const userId = fillers[(ev.title.length + k * 5) % fillers.length]!;
          await trx
            .insertInto('eventAttendee')
            .values({ eventId: id, userId, eventLocationId: locationIds[i] ?? null, status: 'attending' })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    }
    // Demo accounts with something in My hub: staff attends two upcoming events and one past one.
    // (external@hub.test attends nothing, so the end-to-end tests can attend as them from scratch.)
    for (const [title, city] of [
      ['Design Systems at Scale', 'Amsterdam'],
      ['LLM Evaluation Clinic', ''],
      ['MLOps in Production', ''],
    ] as const) {
      const eventId = events[title]!;
      const location = await trx
        .selectFrom('eventLocation')
        .select('id')
        .where('eventId', '=', eventId)
        .where('cityName', '=', city)
        .executeTakeFirst();
      await trx
        .insertInto('eventAttendee')
        .values({ eventId, userId: users.staff, eventLocationId: location?.id ?? null, status: 'attending' })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    // The history behind the dashboards (first seed only): more attendees and check-ins on past events.
    await seedDemoActivity(trx, { now, users, communities, events, fillers });
    // The counts follow the rows (every seeded event, so a re-run repairs them too).
    await sql`update event e set attendee_count = (
      select count(*) from event_attendee a where a.event_id = e.id and a.status = 'attending')`.execute(trx);
    await sql`update event_location l set attendee_count = (
      select count(*) from event_attendee a where a.event_location_id = l.id and a.status = 'attending')`.execute(trx);
    return { users, communities, events };
  });
}
