/**
 * The job queue's tables (pg-boss 10, schema `pgboss`, jobs/job-queue-schema.ts) and its one queue,
 * `mail`, applied by the migrate role like every other table: serving processes start pg-boss with
 * `migrate: false` and never run DDL. A later pg-boss version brings its own migration
 * (`PgBoss.getMigrationPlans`) as a new numbered migration here.
 */
import { sql, type Kysely } from 'kysely';
import { jobQueueSchemaSql, MAIL_QUEUE, JOB_SCHEMA } from '../../jobs/job-queue-schema.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(jobQueueSchemaSql()).execute(db);
  await sql`select ${sql.raw(JOB_SCHEMA)}.create_queue(${MAIL_QUEUE}, ${JSON.stringify({ policy: 'standard' })}::json)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop schema ${JOB_SCHEMA} cascade`).execute(db);
}
