/**
 * Issue 28: a deleted account's (and, after the retention period, anyone's) attendance of an event
 * that has ended stays as an anonymous row: `user_id` null, its place, registration and check-in
 * times kept, so every count of past events (the event's and each place's attendee count, the
 * check-in counts, the admin's statistics) stays right without naming anyone. The primary key
 * (event_id, user_id) becomes a unique index, which allows any number of anonymous rows per event
 * (nulls are distinct) and still answers the lookups by event and person.
 *
 * `app_user.deleted_at`: when the account was deleted (its row is kept, anonymised, so that the audit
 * log's rows still have an actor and a subject); such a row is in no list of users.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_attendee drop constraint event_attendee_pkey;
    alter table event_attendee alter column user_id drop not null;
    create unique index event_attendee_event_user_key on event_attendee (event_id, user_id);
    alter table app_user add column deleted_at timestamptz;
  `.execute(db);
}
