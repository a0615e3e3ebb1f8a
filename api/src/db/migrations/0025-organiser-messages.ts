/**
 * Issue 26: organiser messages. A core member of an event's community (or an admin) writes to the
 * event's attendees (all of them, those at one place, or those checked in); a lead of a community
 * (or an admin) writes an announcement to its members. Each message is kept: the event and community
 * pages list them as "Updates from the organisers", and the count it was sent to is remembered.
 *
 * - `event_id` is set for a message to attendees, null for a community announcement; the audience
 *   check ties each audience to its columns. `community_id` is the event's community at the time of
 *   writing (it stays the announcement's community when an event moves).
 * - `event_location_id` names the place of an 'event-location' message; `location_name` keeps its
 *   name, so the list still says where after the place was removed from the event (set null).
 * - The recipients themselves are not stored: each one's mail is a job in the queue.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organiser_message (
      id serial primary key,
      community_id integer not null references community(id) on delete cascade,
      event_id integer references event(id) on delete cascade,
      author_user_id integer references app_user(id) on delete set null,
      audience text not null,
      event_location_id integer references event_location(id) on delete set null,
      location_name text,
      subject text not null,
      body text not null,
      recipient_count integer not null,
      created_at timestamptz not null default now(),
      constraint organiser_message_audience_check check (
        case audience
          when 'event-all' then event_id is not null
          when 'event-location' then event_id is not null and location_name is not null
          when 'event-checked-in' then event_id is not null
          when 'community-members' then event_id is null
          else false
        end
      )
    );
    create index organiser_message_event_idx on organiser_message (event_id, id desc) where event_id is not null;
    create index organiser_message_community_idx on organiser_message (community_id, id desc) where event_id is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table organiser_message`.execute(db);
}
