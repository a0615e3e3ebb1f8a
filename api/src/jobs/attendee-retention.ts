/**
 * Issue 28, retention: attendee personal data of events that ended more than
 * HUB_ATTENDEE_RETENTION_MONTHS ago is minimised. An attendance row holds no name or address itself:
 * it refers to the person, so minimising detaches it (`user_id` null, migration 0055), keeping its
 * place, registration and check-in times, so the event's and each place's counts and the check-in
 * counts stay as they were; a waiting row and the reminder ledger of such an event go.
 *
 * The sweep runs in every process that runs the jobs (the worker in production); a transaction-level
 * advisory lock lets one process do a run while any other that looks at the same moment skips it.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface RetentionRun {
  /** Attendances detached from their person. */
  detached: number;
  /** Waiting rows and reminder ledger rows removed. */
  removed: number;
}

/** The lock's key: any fixed number no other lock of the product uses. */
const RETENTION_LOCK = 28_0001;

/**
 * Minimises what is past the period at `at` (the database's now when absent); null when another
 * process holds the run.
 */
export async function minimiseOldAttendances(
  db: Kysely<Database>,
  months: number,
  at?: Date,
): Promise<RetentionRun | null> {
  const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const cutoff = sql`${now} - make_interval(months => ${months})`;
  return db.transaction().execute(async (trx) => {
    const lock = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`.execute(
      trx,
    );
    if (!lock.rows[0]?.locked) return null;
    const detached = await sql`
      update event_attendee a set user_id = null
      from event e
      where e.id = a.event_id and a.user_id is not null and a.status = 'attending' and e.ends_at < ${cutoff}`.execute(
      trx,
    );
    const waiting = await sql`
      delete from event_attendee a using event e
      where e.id = a.event_id and a.status = 'waiting' and e.ends_at < ${cutoff}`.execute(trx);
    const reminders = await sql`
      delete from event_reminder r using event e
      where e.id = r.event_id and e.ends_at < ${cutoff}`.execute(trx);
    return {
      detached: Number(detached.numAffectedRows ?? 0),
      removed: Number(waiting.numAffectedRows ?? 0) + Number(reminders.numAffectedRows ?? 0),
    };
  });
}

/**
 * Runs every `everyMs` until stopped, the first run one period after the start (a process restarted
 * many times does not sweep on every start); a run never overlaps the previous one in this process.
 */
export function startRetentionSweep(
  db: Kysely<Database>,
  opts: { months: number; everyMs: number },
  onDone: (run: RetentionRun) => void,
  onError: (error: unknown) => void,
): { stop(): void } {
  let running = false;
  const look = async () => {
    if (running) return;
    running = true;
    try {
      const run = await minimiseOldAttendances(db, opts.months);
      if (run && run.detached + run.removed > 0) onDone(run);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void look(), opts.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
