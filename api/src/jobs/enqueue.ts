/**
 * Putting mail jobs on the queue, with the caller's Kysely (a transaction's, so the jobs commit with
 * the change that caused them, or the database's). Both write pg-boss's job table directly with one
 * INSERT … SELECT, taking the queue's retry and expiry options from its row as pg-boss's own insert
 * does; the runner (job-runner.ts) is woken by the process that wrote them, or finds them within
 * HUB_MAIL_POLL_MS.
 *
 * A singleton key makes a job once-only: a second job with the same key is not queued while the
 * first is kept (waiting, running, retrying, or done and not yet archived: 12 hours). It rides on
 * pg-boss's throttle index (name, singleton_on, singleton_key) with a fixed singleton_on.
 */
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { JOB_SCHEMA, MAIL_QUEUE } from './job-queue-schema.ts';
import type { MailJobKind, MailJobs } from './mail-jobs.ts';

export interface EnqueueOptions {
  /** Not before then (a reminder's moment); now when absent. */
  startAfter?: Date;
  /** Once-only key (e.g. `reminder:day:12:34`): a job with a key already kept is not queued again. */
  singletonKey?: string;
}

/** The rows to queue: one per job, with `payload` (jsonb), `singleton_key` and `start_after` (either may be null). */
export interface JobRowsSource {
  /** A `with …` clause the source refers to (data-modifying CTEs must be at the top of the statement). */
  with?: RawBuilder<unknown>;
  /** A select of (payload jsonb, singleton_key text, start_after timestamptz), as the subquery `r`. */
  rows: Expression<unknown> | RawBuilder<unknown>;
}

const table = (name: string) => sql.raw(`${JOB_SCHEMA}.${name}`);

/** One INSERT … SELECT of jobs of `kind` from the source's rows; answers how many were queued. */
export async function insertMailJobs(db: Kysely<Database>, kind: MailJobKind, source: JobRowsSource): Promise<number> {
  const result = await sql`
    ${source.with ?? sql``}
    insert into ${table('job')} (name, data, start_after, singleton_key, singleton_on,
      retry_limit, retry_delay, retry_backoff, expire_in, keep_until, policy)
    select q.name,
      jsonb_build_object('kind', ${kind}::text, 'payload', r.payload),
      coalesce(r.start_after, now()),
      r.singleton_key,
      case when r.singleton_key is null then null else 'epoch'::timestamp end,
      q.retry_limit, q.retry_delay, q.retry_backoff,
      coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
      coalesce(r.start_after, now()) + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
      q.policy
    from (${source.rows}) r
    cross join ${table('queue')} q
    where q.name = ${MAIL_QUEUE}
    on conflict do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Queues one mail job; answers whether it was queued (false: its singleton key is already kept). */
export async function enqueueMail<K extends MailJobKind>(
  db: Kysely<Database>,
  kind: K,
  payload: MailJobs[K],
  options: EnqueueOptions = {},
): Promise<boolean> {
  const queued = await insertMailJobs(db, kind, {
    rows: sql`select ${JSON.stringify(payload)}::jsonb as payload,
      ${options.singletonKey ?? null}::text as singleton_key,
      ${options.startAfter?.toISOString() ?? null}::timestamptz as start_after`,
  });
  return queued === 1;
}

/**
 * Fan-out: queues one mail job per row of `rows`, in one SQL statement whatever the number of
 * recipients (10,000 members of a community in about 0.2 s on PostgreSQL). `rows` is a Kysely select
 * (or raw SQL) answering `payload` (a jsonb of MailJobs[kind]) and `singleton_key` (text or null),
 * the same `startAfter` for all when given; for example the members of a community:
 *
 *   fanOutMail(trx, 'community-news', trx.selectFrom('communityMember as m')
 *     .where('m.communityId', '=', id)
 *     .select((eb) => [sql`jsonb_build_object('userId', m.user_id, 'eventId', ${eventId}::int)`.as('payload'),
 *                      sql`'news:' || ${eventId}::int || ':' || m.user_id`.as('singleton_key')]))
 *
 * Answers how many jobs were queued (rows whose key is already kept are left out).
 */
export async function fanOutMail(
  db: Kysely<Database>,
  kind: MailJobKind,
  rows: Expression<unknown> | RawBuilder<unknown>,
  options: Pick<EnqueueOptions, 'startAfter'> = {},
): Promise<number> {
  return insertMailJobs(db, kind, {
    rows: sql`select s.payload, s.singleton_key, ${options.startAfter?.toISOString() ?? null}::timestamptz as start_after
      from (${rows}) s`,
  });
}
