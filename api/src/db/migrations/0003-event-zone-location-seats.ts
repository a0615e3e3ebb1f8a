/**
 * Issue 11: each event's IANA time zone; per location an optional capacity, an online join link and
 * an attendee count kept in step with event_attendee (like event.attendee_count) inside the attend
 * and withdraw transactions. Plain SQL, the same on PGlite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event add column time_zone text not null default 'UTC';
    -- Existing events were planned where their community is: its country's zone is the best guess.
    update event e set time_zone = case co.code
        when 'NL' then 'Europe/Amsterdam'
        when 'DE' then 'Europe/Berlin'
        when 'FR' then 'Europe/Paris'
        when 'IN' then 'Asia/Kolkata'
        when 'GB' then 'Europe/London'
        when 'US' then 'America/New_York'
        else 'UTC' end
      from community c join country co on co.id = c.country_id
      where c.id = e.community_id;
    alter table event_location
      add column capacity integer check (capacity is null or capacity > 0),
      add column join_url text,
      add column attendee_count integer not null default 0 check (attendee_count >= 0);
    alter table event_location add constraint event_location_join_url_online check (join_url is null or online);
    update event_location l set attendee_count = (
      select count(*) from event_attendee a where a.event_location_id = l.id and a.status = 'attending');
    -- GET api/user/events reads the caller's rows by user, newest arrival irrelevant: the event decides the order.
    create index event_attendee_user_event_idx on event_attendee (user_id, event_id);
    drop index event_attendee_user_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index event_attendee_user_idx on event_attendee (user_id);
    drop index event_attendee_user_event_idx;
    alter table event_location drop constraint event_location_join_url_online;
    alter table event_location drop column attendee_count, drop column join_url, drop column capacity;
    alter table event drop column time_zone;
  `.execute(db);
}
