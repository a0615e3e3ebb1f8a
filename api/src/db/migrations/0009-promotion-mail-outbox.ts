/**
 * The waiting-list promotion mail joins the event mails' outbox (0008) as a second kind of row, so
 * a promotion and its mail commit or roll back together and the one worker sends both kinds with
 * the same claim, lease, retries, give-up and pruning.
 *
 * - `kind`: 'change' (an edit's or cancellation's mail, carrying `change`) or 'promotion' (carrying
 *   `user_id`, the person seated, whose seat and place are read when the mail is sent). Existing rows
 *   are change rows. The default stays 'change' so that, during a rolling deploy, an API process
 *   still running the previous code can keep writing its change rows into the migrated table.
 * - `change` may be null now (a promotion has none); a check ties each kind to its own column.
 * - `user_id` goes with its user: a deleted account is not mailed.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_mail_outbox
      add column kind text not null default 'change',
      add column user_id integer references app_user(id) on delete cascade,
      alter column change drop not null;
    alter table event_mail_outbox add constraint event_mail_outbox_kind_check check (
      case kind
        when 'change' then change is not null
        when 'promotion' then change is null and user_id is not null
        else false
      end
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from event_mail_outbox where kind <> 'change';
    alter table event_mail_outbox drop constraint event_mail_outbox_kind_check;
    alter table event_mail_outbox
      drop column kind,
      drop column user_id,
      alter column change set not null;
  `.execute(db);
}
