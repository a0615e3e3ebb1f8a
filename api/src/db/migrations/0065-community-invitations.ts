/**
 * Issue 28, members-only communities: the invitation link a core member shares, and the requests to
 * join that core members approve or decline.
 *
 * `community_invitation`: at most one live link per community. The link's secret is kept only as its
 * SHA-256 (as calendar feeds since 0010): a backup or a support query cannot open anyone's community.
 * `mode` is what the link does: `request` (asks the core members) or `join` (joins at once).
 *
 * `community_join_request`: one row per person and community, the latest request: `pending`, then
 * `approved` or `declined` with when. Asking again (after a decline's wait, or after leaving) turns
 * the same row back to pending. No decider column: the audit log says who decided.
 *
 * The mail preference gains the kind `join-requests` (a core member's notice of a new request).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table community_invitation (
      community_id integer primary key references community(id) on delete cascade,
      token_hash text not null unique,
      mode text not null check (mode in ('request', 'join')),
      created_at timestamptz not null default now()
    );
    create table community_join_request (
      id serial primary key,
      community_id integer not null references community(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      status text not null check (status in ('pending', 'approved', 'declined')),
      asked_at timestamptz not null default now(),
      decided_at timestamptz,
      unique (community_id, user_id)
    );
    -- The core members' list: a community's pending requests, oldest first.
    create index community_join_request_pending_idx on community_join_request (community_id, asked_at) where status = 'pending';
    create index community_join_request_user_idx on community_join_request (user_id);
    alter table mail_preference drop constraint mail_preference_kind_check;
    alter table mail_preference add constraint mail_preference_kind_check
      check (kind in ('reminders', 'community-news', 'organiser-messages', 'announcements', 'digest', 'join-requests'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from mail_preference where kind = 'join-requests';
    alter table mail_preference drop constraint mail_preference_kind_check;
    alter table mail_preference add constraint mail_preference_kind_check
      check (kind in ('reminders', 'community-news', 'organiser-messages', 'announcements', 'digest'));
    drop table community_join_request;
    drop table community_invitation;
  `.execute(db);
}
