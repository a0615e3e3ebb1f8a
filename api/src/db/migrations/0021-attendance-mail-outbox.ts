/**
 * The attendance mails (issue 26) join the mail outbox: 'confirmation' (on attending: the iTIP
 * REQUEST) and 'withdrawal' (on withdrawing: the iTIP CANCEL for that person). Each carries the
 * event, the person and their status when the row was written, as a promotion row does; the
 * event and the person's place are read when the mail is sent.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table event_mail_outbox drop constraint event_mail_outbox_kind_check;
    alter table event_mail_outbox add constraint event_mail_outbox_kind_check check (
      case kind
        when 'change' then change is not null and event_id is not null and status is not null
        when 'promotion' then change is null and user_id is not null and event_id is not null and status is not null
        when 'confirmation' then change is null and user_id is not null and event_id is not null and status is not null
        when 'withdrawal' then change is null and user_id is not null and event_id is not null and status is not null
        when 'verification' then change is null and event_id is null
        when 'password-reset' then change is null and event_id is null
        else false
      end
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from event_mail_outbox where kind in ('confirmation', 'withdrawal');
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
