/**
 * Arrival notes for an event's places (issue 26): what an attendee of that office needs on arrival
 * (reception, floor, badge, parking), shown under the place on the event page and given in the
 * confirmation and the reminders. Optional; the contract limits its length, the check holds it too.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_location add column arrival_notes text
      constraint event_location_arrival_notes_length check (char_length(arrival_notes) <= 500)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table event_location drop column arrival_notes`.execute(db);
}
