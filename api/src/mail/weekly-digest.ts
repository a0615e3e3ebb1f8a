/**
 * The weekly digest (issue 26): once a week, each person who has the 'digest' choice for at least
 * one community they joined (the default) and has not switched the digest off gets one mail listing
 * the coming events of those communities and networks, with their own attendance. Nothing is sent
 * to someone with nothing coming.
 *
 * When: from Monday DIGEST_HOUR_UTC:00 UTC of each week. A sweep in every process that runs the
 * mail jobs (mail-jobs-process) looks every HUB_DIGEST_SWEEP_MS; the first look after that moment
 * queues the week's digests in one statement: it inserts (week, person) into weekly_digest_run
 * (migration 0026) with `on conflict do nothing` and queues a job only for the rows it inserted, so
 * however many processes look, and however often, each person's digest is queued once per week.
 * The mail is made when its job's turn comes, from what is true then.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMailJobs } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { eventPageUrl } from '../services/ics.ts';
import { eventListed, viewerOfUser } from '../services/visibility.ts';
import { eventTimeText } from './event-mail.ts';
import { mailPreferenceFor, newsChoiceSql, wantsKind } from './preferences/mail-preferences.ts';
import { weeklyDigestMail, type DigestEvent } from './templates/weekly-digest.tsx';
import { unsubscribableMail } from './unsubscribable-mail.ts';

/** The hour (UTC) of Monday from which a week's digests go out: early in Europe's working day. */
export const DIGEST_HOUR_UTC = 7;
/** How far ahead "coming" reaches: the next four weeks. */
export const DIGEST_HORIZON_DAYS = 28;
/** At most this many events in one digest (soonest first). */
const DIGEST_MAX_EVENTS = 25;
/** Runs kept this long, then pruned (only the current week's are ever looked at). */
const KEEP_RUN_WEEKS = 8;

/** The Monday (UTC) of the week `at` falls in, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** Whether the week's digests are due at `at` (from Monday DIGEST_HOUR_UTC:00 UTC on). */
export function digestDue(at: Date): boolean {
  const monday = Date.parse(`${weekOf(at)}T00:00:00.000Z`);
  return at.getTime() >= monday + DIGEST_HOUR_UTC * 3_600_000;
}

/**
 * Queues the digests of the week `at` falls in for everyone who has not had theirs (none before the
 * week's moment); answers how many were queued. Safe to call from any number of processes at once.
 */
export async function queueWeeklyDigests(db: Kysely<Database>, at: Date): Promise<number> {
  if (!digestDue(at)) return 0;
  const week = weekOf(at);
  return insertMailJobs(db, 'weekly-digest', {
    with: sql`with claimed as (
      insert into weekly_digest_run (week, user_id)
      select distinct ${week}::date, m.user_id from community_membership m
      where ${newsChoiceSql(sql.ref('m.user_id'), sql.ref('m.community_id'))} = 'digest'
        and ${wantsKind(sql.ref('m.user_id'), 'digest')}
      on conflict do nothing
      returning user_id)`,
    rows: sql`select jsonb_build_object('userId', c.user_id, 'week', ${week}::text) as payload,
      'digest:' || ${week}::text || ':' || c.user_id as singleton_key,
      null::timestamptz as start_after
      from claimed c`,
  });
}

/** Forgets the runs of weeks long gone. */
export async function pruneDigestRuns(db: Kysely<Database>, at: Date): Promise<void> {
  await db
    .deleteFrom('weeklyDigestRun')
    .where(sql<boolean>`week < ${weekOf(at)}::date - ${sql.lit(KEEP_RUN_WEEKS * 7)}`)
    .execute();
}

/**
 * The coming events of the person's 'digest' communities, soonest first, with their attendance;
 * only those listed to them (issue 28: none they may not see, no unlisted one).
 */
async function digestEvents(db: Kysely<Database>, userId: number, siteUrl: string): Promise<DigestEvent[]> {
  const viewer = await viewerOfUser(db, userId);
  const rows = await db
    .selectFrom('event as e')
    .innerJoin('community as c', 'c.id', 'e.communityId')
    .innerJoin('communityMembership as m', (join) =>
      join.onRef('m.communityId', '=', 'e.communityId').on('m.userId', '=', userId),
    )
    .leftJoin('eventAttendee as a', (join) => join.onRef('a.eventId', '=', 'e.id').on('a.userId', '=', userId))
    .select([
      'e.id',
      'e.title',
      'e.startsAt',
      'e.endsAt',
      'e.timeZone',
      'c.name as communityName',
      'a.status',
      sql<
        string | null
      >`(select string_agg(case when l.online then 'Online' else l.city_name end, ' / ' order by l.position, l.id)
        from event_location l where l.event_id = e.id)`.as('places'),
    ])
    .where('e.cancelled', '=', false)
    .where(eventListed(viewer))
    .where('e.startsAt', '>', sql<Date>`now()`)
    .where('e.startsAt', '<', sql<Date>`now() + make_interval(days => ${sql.lit(DIGEST_HORIZON_DAYS)})`)
    .where(sql<boolean>`${newsChoiceSql(sql.ref('m.user_id'), sql.ref('m.community_id'))} = 'digest'`)
    .orderBy('e.startsAt')
    .orderBy('e.id')
    .limit(DIGEST_MAX_EVENTS)
    .execute();
  return rows.map((r) => ({
    title: r.title,
    communityName: r.communityName,
    when: eventTimeText(r),
    where: r.places,
    pageUrl: eventPageUrl(r.id, { siteUrl }),
    attendance: r.status ?? null,
  }));
}

const weekWords = (week: string) =>
  `week of ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${week}T00:00:00.000Z`))}`;

export const makeWeeklyDigestMail: MailJobMaker<'weekly-digest'> = async ({ userId, week }, { db, config }) => {
  const person = await db
    .selectFrom('appUser')
    .select(['email', 'firstName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!person) return { notSent: 'not sent: the account is gone' };
  if (!(await mailPreferenceFor(db, userId, 'digest'))) return { notSent: 'not sent: the person stopped the digest' };
  const events = await digestEvents(db, userId, config.siteUrl);
  if (events.length === 0) return { notSent: 'not sent: nothing coming in their communities' };
  const mail = await unsubscribableMail(
    person.email,
    { userId, kind: 'digest' },
    'the weekly digest',
    config,
    (unsubscribe) => weeklyDigestMail({ firstName: person.firstName, week: weekWords(week), events, unsubscribe }),
  );
  return { mail };
};

export interface DigestSweep {
  stop(): void;
}

/** Looks every `everyMs` (first after `everyMs`) whether this week's digests are to be queued (and prunes old runs). */
export function startDigestSweep(
  db: Kysely<Database>,
  everyMs: number,
  onQueued: (queued: number) => void,
  onError: (error: unknown) => void,
): DigestSweep {
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      const queued = await queueWeeklyDigests(db, now);
      if (queued > 0) {
        onQueued(queued);
        await pruneDigestRuns(db, now);
      }
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  // The first look comes one period after the start, not at once: a process restarted many times
  // (tests, a rolling deploy) does not read the memberships on every start.
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
