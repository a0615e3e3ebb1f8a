/** Runs the migrations at start; the same list for PGlite and PostgreSQL. */
import { setTimeout as sleep } from 'node:timers/promises';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as eventLocationOrder from './migrations/0002-event-location-order.ts';
import * as eventZoneLocationSeats from './migrations/0003-event-zone-location-seats.ts';
import * as eventCalendar from './migrations/0004-event-calendar.ts';
import * as checkInAndAuditLog from './migrations/0005-check-in-and-audit-log.ts';
import * as userSearchTrigrams from './migrations/0006-user-search-trigrams.ts';
import * as userSearchText from './migrations/0007-user-search-text.ts';
import * as eventMailOutbox from './migrations/0008-event-mail-outbox.ts';
import * as promotionMailOutbox from './migrations/0009-promotion-mail-outbox.ts';
import * as calendarFeedHashOnly from './migrations/0010-calendar-feed-hash-only.ts';
import * as eventSearchText from './migrations/0011-event-search-text.ts';
import * as eventCancellationNote from './migrations/0012-event-cancellation-note.ts';
import * as accountMailOutbox from './migrations/0013-account-mail-outbox.ts';
import * as mailSendRate from './migrations/0014-mail-send-rate.ts';
import * as jobQueue from './migrations/0015-job-queue.ts';
import * as eventReminders from './migrations/0016-event-reminders.ts';
import * as mailPreferences from './migrations/0020-mail-preferences.ts';
import * as attendanceMailOutbox from './migrations/0021-attendance-mail-outbox.ts';
import * as organiserMessages from './migrations/0025-organiser-messages.ts';
import * as weeklyDigestRuns from './migrations/0026-weekly-digest-runs.ts';
import * as locationArrivalNotes from './migrations/0030-location-arrival-notes.ts';
import * as outboxToJobQueue from './migrations/0031-outbox-to-job-queue.ts';
import * as images from './migrations/0035-images.ts';
import * as communityArchive from './migrations/0045-community-archive.ts';
import * as visibility from './migrations/0050-visibility.ts';
import * as anonymousAttendance from './migrations/0055-anonymous-attendance.ts';
import * as whosGoing from './migrations/0060-whos-going.ts';
import * as communityInvitations from './migrations/0065-community-invitations.ts';

// A static list rather than a folder scan: works the same under tsx, a bundle or compiled output.
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-event-location-order': eventLocationOrder,
  '0003-event-zone-location-seats': eventZoneLocationSeats,
  '0004-event-calendar': eventCalendar,
  '0005-check-in-and-audit-log': checkInAndAuditLog,
  '0006-user-search-trigrams': userSearchTrigrams,
  '0007-user-search-text': userSearchText,
  '0008-event-mail-outbox': eventMailOutbox,
  '0009-promotion-mail-outbox': promotionMailOutbox,
  '0010-calendar-feed-hash-only': calendarFeedHashOnly,
  '0011-event-search-text': eventSearchText,
  '0012-event-cancellation-note': eventCancellationNote,
  '0013-account-mail-outbox': accountMailOutbox,
  '0014-mail-send-rate': mailSendRate,
  '0015-job-queue': jobQueue,
  '0016-event-reminders': eventReminders,
  '0020-mail-preferences': mailPreferences,
  '0021-attendance-mail-outbox': attendanceMailOutbox,
  '0025-organiser-messages': organiserMessages,
  '0026-weekly-digest-runs': weeklyDigestRuns,
  '0030-location-arrival-notes': locationArrivalNotes,
  '0031-outbox-to-job-queue': outboxToJobQueue,
  '0035-images': images,
  '0045-community-archive': communityArchive,
  '0050-visibility': visibility,
  '0055-anonymous-attendance': anonymousAttendance,
  '0060-whos-going': whosGoing,
  '0065-community-invitations': communityInvitations,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

function migratorFor<DB>(db: Kysely<DB>): Migrator {
  // Unordered: migrations numbered in parallel branches (0003, 0004 next to 0005) may land after a
  // later number already ran on a persisted data folder; each is independent of the others.
  return new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
}

/**
 * The migrations this code has that the database has not applied (readiness, the worker's wait).
 * Only reads: the least-privilege runtime role can ask it.
 */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrations = await migratorFor(db).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Resolves once every migration is applied (by the migrate role, in another process), looking every
 * `everyMs`; rejects with the signal's reason when aborted first. What needs the tables (the outbox)
 * starts after it instead of failing until the migrate role is done.
 */
export async function waitForMigrations<DB>(
  db: Kysely<DB>,
  opts: { signal: AbortSignal; everyMs?: number; onWait?: (pending: string[]) => void },
): Promise<void> {
  let told = false;
  for (;;) {
    opts.signal.throwIfAborted();
    const pending = await pendingMigrations(db).catch((error: unknown) => [`(unknown: ${String(error)})`]);
    if (pending.length === 0) return;
    if (!told) opts.onWait?.(pending);
    told = true;
    await sleep(opts.everyMs ?? 1_000, undefined, { signal: opts.signal });
  }
}

/** Applies what is pending and returns the names this call applied (none when another process did). */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  // Kysely takes an advisory lock on PostgreSQL and runs every pending migration inside one transaction,
  // so several processes migrating together on one database wait for each other and each migration
  // runs once. The lock is session-level: behind a transaction-mode pooler (PgBouncer) a crash could
  // leave it on a pooled server session, hence migrations go through a direct connection there
  // (HUB_MIGRATE_DATABASE_URL, roles/migrate.ts).
  const { error, results } = await migratorFor(db).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
