/**
 * The job queue's schema, as pg-boss writes it, for the migrate role (migration 0015). pg-boss wraps
 * its construction script in its own BEGIN … COMMIT; a Kysely migration already runs in a
 * transaction (with the migrator's lock), so the script goes in without that wrapper.
 */
import PgBoss from 'pg-boss';

/** The schema pg-boss's tables live in. */
export const JOB_SCHEMA = 'pgboss';
/** The one queue every mail job goes through (jobs/mail-jobs.ts tells the kinds apart). */
export const MAIL_QUEUE = 'mail';

export function jobQueueSchemaSql(): string {
  const script = PgBoss.getConstructionPlans(JOB_SCHEMA);
  const inner = script.replace(/^\s*BEGIN;/, '').replace(/COMMIT;\s*$/, '');
  if (inner === script || /\bBEGIN;|\bCOMMIT;/.test(inner))
    throw new Error("pg-boss's construction script no longer has the BEGIN … COMMIT shape this migration expects");
  return inner;
}
