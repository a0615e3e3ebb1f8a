/**
 * The mails of an organiser message (routes/organiser-messages.ts): one job per recipient, queued in
 * the message's own transaction by one INSERT … SELECT (the job queue's fan-out), leaving out
 * whoever switched that kind of mail off ('organiser-messages' for a message to attendees,
 * 'announcements' for a community's). Each job's mail is made when its turn comes, addressed to its
 * one recipient (nobody sees another's address), with the stop link and List-Unsubscribe headers of
 * its kind; a person who stopped attending, left the community or switched the kind off meanwhile
 * gets nothing.
 */
import type { MailKind } from '@hub/contract/mail-preferences';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fanOutMail } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { RECIPIENTS_CHOSEN } from '../services/visibility.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { audienceRecipients, type Audience } from '../services/organiser-messages.ts';
import { mailEventOf } from './event-mail.ts';
import { mailPreferenceFor, wantsKind } from './preferences/mail-preferences.ts';
import { communityAnnouncementMail } from './templates/community-announcement.tsx';
import { organiserMessageMail } from './templates/organiser-message.tsx';
import { unsubscribableMail } from './unsubscribable-mail.ts';

/** The preference kind a message of this audience falls under. */
export const messageMailKind = (audience: Audience['kind']): MailKind =>
  audience === 'community-members' ? 'announcements' : 'organiser-messages';

/** Queues the message's mails in the caller's transaction; answers how many were queued. */
export async function queueOrganiserMessageMails(
  trx: Transaction<Database>,
  messageId: number,
  audience: Audience,
): Promise<number> {
  const recipients = audienceRecipients(trx, audience).as('r');
  const rows = trx
    .selectFrom(recipients)
    .select([
      sql`jsonb_build_object('messageId', ${messageId}::int, 'userId', r.user_id)`.as('payload'),
      sql<string>`'message:' || ${messageId}::int || ':' || r.user_id`.as('singleton_key'),
    ])
    .where(wantsKind(sql.ref('r.user_id'), messageMailKind(audience.kind)));
  return fanOutMail(trx, 'organiser-message', rows);
}

async function messageOf(db: Kysely<Database>, messageId: number) {
  return db
    .selectFrom('organiserMessage as m')
    .innerJoin('community as c', 'c.id', 'm.communityId')
    .leftJoin('appUser as a', 'a.id', 'm.authorUserId')
    .select([
      'm.eventId',
      'm.communityId',
      'm.audience',
      'm.eventLocationId',
      'm.subject',
      'm.body',
      'c.name as communityName',
      sql<string>`trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, ''))`.as('authorName'),
    ])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}

/** Whether the person is still in the message's audience (attending there, or a member). */
async function stillInAudience(
  db: Kysely<Database>,
  message: NonNullable<Awaited<ReturnType<typeof messageOf>>>,
  userId: number,
): Promise<boolean> {
  if (message.eventId === null) {
    const member = await db
      .selectFrom('communityMembership')
      .select('userId')
      .where('communityId', '=', message.communityId)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return member !== undefined;
  }
  // Whoever the message was queued for and still holds a seat: a message to those checked in or
  // at one place is not withdrawn by an undone check-in or a change of place.
  const seat = await db
    .selectFrom('eventAttendee')
    .select('status')
    .where('eventId', '=', message.eventId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return seat?.status === 'attending';
}

export const makeOrganiserMessageMail: MailJobMaker<'organiser-message'> = async (
  { messageId, userId },
  { db, config },
) => {
  const message = await messageOf(db, messageId);
  if (!message) return { notSent: 'not sent: the message is gone (its event or community was deleted)' };
  const person = await db
    .selectFrom('appUser')
    .select(['email', 'firstName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!person) return { notSent: 'not sent: the account is gone' };
  const kind = messageMailKind(message.audience);
  if (!(await mailPreferenceFor(db, userId, kind))) return { notSent: `not sent: the person stopped ${kind}` };
  if (!(await stillInAudience(db, message, userId)))
    return { notSent: 'not sent: the person is no longer attending or a member' };
  const senderName = message.authorName || `the organisers of ${message.communityName}`;
  if (message.eventId === null) {
    const mail = await unsubscribableMail(
      person.email,
      { userId, kind },
      'announcements from community leads',
      config,
      (unsubscribe) =>
        communityAnnouncementMail({
          firstName: person.firstName,
          communityName: message.communityName,
          communityUrl: `${config.siteUrl.replace(/\/+$/, '')}/community/${message.communityId}`,
          senderName,
          subject: message.subject,
          body: message.body,
          unsubscribe,
        }),
    );
    return { mail };
  }
  const event = await calendarEvent(db, message.eventId, RECIPIENTS_CHOSEN);
  if (!event) return { notSent: 'not sent: the event is gone' };
  const mail = await unsubscribableMail(
    person.email,
    { userId, kind },
    "messages from events' organisers",
    config,
    (unsubscribe) =>
      organiserMessageMail({
        firstName: person.firstName,
        event: mailEventOf(event, config),
        senderName,
        subject: message.subject,
        body: message.body,
        unsubscribe,
      }),
  );
  return { mail };
};
