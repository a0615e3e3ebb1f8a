/**
 * Issue 28, "Who's going": an attendee may be shown by first name to other signed-in people who can
 * see the event. Off by default, twice over: `app_user.whos_going_default` is the person's own
 * default (My account), copied into `event_attendee.shown_in_whos_going` when they attend, and that
 * per-event choice may be changed later. Nobody is named unless they switched one of them on.
 *
 * The event page's read names the first few who agreed in arrival order: the partial index holds
 * only those rows, so the read touches a handful of index entries whatever the event's size.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table app_user add column whos_going_default boolean not null default false;
    alter table event_attendee add column shown_in_whos_going boolean not null default false;
    create index event_attendee_shown_idx on event_attendee (event_id, seq)
      where shown_in_whos_going and status = 'attending' and user_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index event_attendee_shown_idx;
    alter table event_attendee drop column shown_in_whos_going;
    alter table app_user drop column whos_going_default;
  `.execute(db);
}
