/**
 * The account mails (the verification link, the password-reset link) join the mail outbox (0008,
 * 0009) as two more kinds of row, so they are sent by the same workers, under the same global send
 * rate (0014), with the same retries and give-ups, instead of straight from the request.
 *
 * - `verification` and `password-reset` rows carry only the address (first and last name empty):
 *   the link is made when the mail is sent, so no link (a credential) is ever stored, and a retry
 *   carries a fresh one.
 * - `event_id` and `status` may be null now (an account mail has neither); the kind check ties each
 *   kind to its columns. The table keeps its name: during a rolling deploy an API process still
 *   running the previous code keeps writing its event rows into it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_mail_outbox
      alter column event_id drop not null,
      alter column status drop not null;
    alter table event_mail_outbox drop constraint event_mail_outbox_kind_check;
    alter table event_mail_outbox add constraint event_mail_outbox_kind_check check (
      case kind
        when 'change' then change is not null and event_id is not null and status is not null
        when 'promotion' then change is null and user_id is not null and event_id is not null and status is not null
        when 'verification' then change is null and event_id is null
        when 'password-reset' then change is null and event_id is null
        else false
      end
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from event_mail_outbox where kind in ('verification', 'password-reset');
    alter table event_mail_outbox drop constraint event_mail_outbox_kind_check;
    alter table event_mail_outbox add constraint event_mail_outbox_kind_check check (
      case kind
        when 'change' then change is not null
        when 'promotion' then change is null and user_id is not null
        else false
      end
    );
    alter table event_mail_outbox
      alter column event_id set not null,
      alter column status set not null;
  `.execute(db);
}
