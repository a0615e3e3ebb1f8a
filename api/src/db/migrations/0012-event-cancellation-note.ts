/**
 * A cancelled event says when it was cancelled and, when the organiser wrote one, why (issue 23:
 * "The event page says it was cancelled, when, and the organiser's note").
 *
 * - `cancelled_at`: set by the cancel route in the same statement that sets `cancelled`. Events
 *   cancelled before this column existed take their last change (`updated_at`), the best record
 *   there is of when that happened.
 * - `cancellation_note`: the organiser's note, shown on the event page and in the cancellation
 *   mail; null when none was written.
 * - No check ties them to `cancelled`: a row an older API process writes during a rolling deploy
 *   (cancelled, no time) stays valid; readers treat a null time as "not known".
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event
      add column cancelled_at timestamptz,
      add column cancellation_note text;
    update event set cancelled_at = updated_at where cancelled;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event drop column cancelled_at, drop column cancellation_note;
  `.execute(db);
}
