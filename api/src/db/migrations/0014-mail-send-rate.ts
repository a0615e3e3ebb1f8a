/**
 * The global mail send rate (HUB_MAIL_SEND_RATE_PER_MINUTE; Exchange Online allows 30 a minute per
 * mailbox), shared by every outbox worker of every process through one row: `next_at` is the
 * earliest moment the next send may start. A worker takes a slot by moving it one interval on in a
 * single update (mail/send-rate.ts), which the row lock makes atomic across processes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_send_slot (
      id integer primary key check (id = 1),
      next_at timestamptz not null default now()
    );
    insert into mail_send_slot (id) values (1);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_send_slot`.execute(db);
}
