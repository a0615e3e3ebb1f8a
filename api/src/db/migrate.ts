/** Runs the migrations at start; the same list for PGlite and PostgreSQL. */
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
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<void> {
  // Kysely takes an advisory lock on PostgreSQL, so several API processes starting together on one
  // database do not race each other here.
  // Unordered: migrations numbered in parallel branches (0003, 0004 next to 0005) may land after a
  // later number already ran on a persisted data folder; each is independent of the others.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
