/**
 * Issue 28, "Delete my account" (and an admin's deletion of someone's account). In one transaction:
 *  - upcoming events: the person withdraws (the seat is counted out and given to the next waiting);
 *  - ended events: a waiting row goes; an attending row stays without the person (user_id null,
 *    migration 0055), its place and check-in time kept, so every count of past events stays right;
 *  - memberships, requests to join, core-member seats, roles, mail preferences and news choices,
 *    reminders and digest runs, and the calendar feed (revoked) go; mail jobs still queued to them are dropped;
 *  - their avatar goes; images they uploaded for communities and messages they wrote stay, without
 *    an owner or author; events they created stay, without a creator;
 *  - the row itself stays, anonymised (no name, e-mail, phone, city, uid; a pseudonym), so that the
 *    audit log keeps its actor and subject; each log line that named them names the pseudonym.
 * The Firebase account is deleted first: if that fails nothing has changed, and once it has, no
 * sign-in with that account can succeed (a later sign-up with the same address is a new, empty account).
 */
import { randomBytes } from 'node:crypto';
import { AuditAction, AuditTargetType } from '@hub/contract/audit';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Auth } from 'firebase-admin/auth';
import type { Database } from '../db/schema.ts';
import { JOB_SCHEMA, MAIL_QUEUE } from '../jobs/job-queue-schema.ts';
import { recordAudit } from './audit-log.ts';
import { withdrawAttendance } from './attendance.ts';

/** The address a deleted account's row keeps: unique (the e-mail index), reserved (RFC 2606), nobody's. */
const deletedAddress = (pseudonym: string) => `deleted-${pseudonym}@deleted.invalid`;

export interface DeletionResult {
  pseudonym: string;
  /** Upcoming events they were taken off. */
  withdrawn: number;
  /** Attendances of ended events kept as anonymous rows. */
  anonymised: number;
}

/** Undefined when there is no such account, or it was deleted already. */
export async function deleteAccount(
  db: Kysely<Database>,
  auth: Auth,
  userId: number,
  actor: { userId: number; self: boolean },
): Promise<DeletionResult | undefined> {
  const user = await db
    .selectFrom('appUser')
    .select(['uid', 'email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!user) return undefined;
  if (user.uid !== null) {
    try {
      await auth.deleteUser(user.uid);
    } catch (error) {
      // Gone already (deleted in the Firebase console): the rest still has to happen.
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    }
  }
  const pseudonym = randomBytes(4).toString('hex');
  return db.transaction().execute(async (trx) => {
    const attendances = await trx
      .selectFrom('eventAttendee as a')
      .innerJoin('event as e', 'e.id', 'a.eventId')
      .select(['a.eventId', 'a.status', sql<boolean>`e.ends_at < now()`.as('ended')])
      .where('a.userId', '=', userId)
      // The same order as every other writer's event locks.
      .orderBy('a.eventId')
      .execute();
    let withdrawn = 0;
    for (const a of attendances.filter((a) => !a.ended)) {
      await withdrawAttendance(trx, a.eventId, userId);
      withdrawn += 1;
    }
    await trx.deleteFrom('eventAttendee').where('userId', '=', userId).where('status', '=', 'waiting').execute();
    const anonymised = await trx
      .updateTable('eventAttendee')
      .set({ userId: null })
      .where('userId', '=', userId)
      .executeTakeFirst();

    await dropPersonalRows(trx, userId);
    await dropQueuedMail(trx, userId, user.email);

    const label = [user.firstName, user.lastName].filter(Boolean).join(' ');
    const named = label ? `${label} <${user.email}>` : user.email;
    const shown = `Deleted account ${pseudonym}`;
    await trx
      .updateTable('auditLog')
      .set({ summary: sql<string>`replace(replace(summary, ${named}, ${shown}), ${user.email}, ${shown})` })
      .where(sql<boolean>`strpos(summary, ${user.email}) > 0`)
      .execute();

    await trx
      .updateTable('appUser')
      .set({
        uid: null,
        email: deletedAddress(pseudonym),
        firstName: 'Deleted account',
        lastName: pseudonym,
        phoneNumber: '',
        imageUrl: '',
        avatarImageId: null,
        city: null,
        businessUnitId: null,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('image').where('ownerUserId', '=', userId).where('kind', '=', 'avatar').execute();

    const result = { pseudonym, withdrawn, anonymised: Number(anonymised.numUpdatedRows) };
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: AuditAction.UserAccountDelete,
      targetType: AuditTargetType.User,
      targetId: userId,
      summary: actor.self ? `${shown} was deleted by its owner` : `Deleted the account of ${shown}`,
      details: { self: actor.self, withdrawn, anonymisedAttendances: result.anonymised },
    });
    return result;
  });
}

/** Everything else that refers to the person (services/my-data-export.ts lists the references). */
async function dropPersonalRows(trx: Transaction<Database>, userId: number): Promise<void> {
  for (const table of [
    'communityMembership',
    'communityCoreMember',
    'userRole',
    'mailPreference',
    'communityNewsChoice',
    'eventReminder',
    'weeklyDigestRun',
    'calendarFeed',
    'communityJoinRequest',
  ] as const)
    await trx.deleteFrom(table).where('userId', '=', userId).execute();
  await trx.updateTable('event').set({ createdBy: null }).where('createdBy', '=', userId).execute();
  await trx.updateTable('organiserMessage').set({ authorUserId: null }).where('authorUserId', '=', userId).execute();
  await trx
    .updateTable('image')
    .set({ ownerUserId: null })
    .where('ownerUserId', '=', userId)
    .where('kind', '!=', 'avatar')
    .execute();
}

/** Mail jobs not yet taken that would go to them: by user id, or by address (account mails). */
async function dropQueuedMail(trx: Transaction<Database>, userId: number, email: string): Promise<void> {
  await sql`
    delete from ${sql.raw(`${JOB_SCHEMA}.job`)}
    where name = ${MAIL_QUEUE} and state in ('created', 'retry')
      and (data->'payload'->>'userId' = ${String(userId)} or lower(data->'payload'->>'email') = lower(${email}))`.execute(
    trx,
  );
}
