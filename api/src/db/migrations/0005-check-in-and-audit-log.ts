/**
 * Issue 12: attendees' check-in time (registration time is the existing created_at), and the audit
 * log of privileged actions. The log is read newest first with optional filters; each filter has an
 * index ending in id so the newest-first keyset page is read straight from it. The users list sorts
 * by name, so that order gets an index too, its role filter reads user_role by role, and sign-ups per
 * week read app_user by created_at.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_attendee add column checked_in_at timestamptz;
    create table audit_log (
      id serial primary key,
      at timestamptz not null default now(),
      actor_user_id integer references app_user(id) on delete set null,
      action text not null,
      target_type text not null,
      target_id integer not null,
      summary text not null default '',
      details jsonb not null default '{}'::jsonb
    );
    create index audit_log_action_idx on audit_log (action, id);
    create index audit_log_actor_idx on audit_log (actor_user_id, id);
    create index audit_log_target_idx on audit_log (target_type, target_id, id);
    create index audit_log_at_idx on audit_log (at, id);
    create index app_user_name_order_idx on app_user (last_name, first_name, id);
    create index app_user_created_idx on app_user (created_at);
    create index user_role_role_idx on user_role (role, user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index user_role_role_idx;
    drop index app_user_created_idx;
    drop index app_user_name_order_idx;
    drop table audit_log;
    alter table event_attendee drop column checked_in_at;
  `.execute(db);
}
