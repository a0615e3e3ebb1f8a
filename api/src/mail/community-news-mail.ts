/**
 * Community news at once (issue 26): when an event is published in a community (created: an event
 * is public from its creation), each member whose choice for that community is 'now' and who has
 * not switched community news off gets one mail, queued in the creating transaction by one
 * INSERT … SELECT (the job queue's fan-out); 'digest' members read it in their weekly digest
 * (weekly-digest.ts); 'none' members hear nothing. The organiser who created it is left out. The
 * mail is made when its turn comes: an event cancelled or past by then, or a member who left or
 * chose otherwise meanwhile, gets nothing. Issue 28: only a member who may see the event gets it
 * (a staff-only event's news reaches only staff members), and an unlisted event is news to no one.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fanOutMail } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { calendarEvent } from '../services/calendar-queries.ts';
import { viewerOfUser } from '../services/visibility.ts';
import { mailEventOf } from './event-mail.ts';
import { communityNewsChoice, mailPreferenceFor, newsChoiceSql, wantsKind } from './preferences/mail-preferences.ts';
import { communityNewsMail } from './templates/community-news.tsx';
import { unsubscribableMail } from './unsubscribable-mail.ts';

/** Queues the 'now' members' mails of a new event in the caller's transaction; answers how many. */
export async function queueCommunityNews(
  trx: Transaction<Database>,
  event: { id: number; communityId: number; createdBy: number | null },
): Promise<number> {
  let rows = trx
    .selectFrom('communityMembership as m')
    .select([
      sql`jsonb_build_object('eventId', ${event.id}::int, 'userId', m.user_id)`.as('payload'),
      sql<string>`'news:' || ${event.id}::int || ':' || m.user_id`.as('singleton_key'),
    ])
    .where('m.communityId', '=', event.communityId)
    .where(sql<boolean>`${newsChoiceSql(sql.ref('m.user_id'), sql.ref('m.community_id'))} = 'now'`)
    .where(wantsKind(sql.ref('m.user_id'), 'community-news'));
  if (event.createdBy !== null) rows = rows.where('m.userId', '<>', event.createdBy);
  return fanOutMail(trx, 'community-news', rows);
}

async function communityIdOf(db: Kysely<Database>, eventId: number) {
  return (await db.selectFrom('event').select('communityId').where('id', '=', eventId).executeTakeFirst())?.communityId;
}

export const makeCommunityNewsMail: MailJobMaker<'community-news'> = async ({ eventId, userId }, { db, config }) => {
  // Read as the member sees it: an event they may not see is, to them, not there.
  const event = await calendarEvent(db, eventId, await viewerOfUser(db, userId));
  const communityId = await communityIdOf(db, eventId);
  if (!event || communityId === undefined) return { notSent: 'not sent: the event is gone or not for them' };
  if (event.visibility === 'unlisted' || event.communityVisibility === 'unlisted')
    return { notSent: 'not sent: the event is unlisted' };
  if (event.cancelled) return { notSent: 'not sent: the event was cancelled' };
  if (event.startsAt.getTime() < Date.now()) return { notSent: 'not sent: the event has begun' };
  const person = await db
    .selectFrom('appUser as u')
    .innerJoin('communityMembership as m', (join) =>
      join.onRef('m.userId', '=', 'u.id').on('m.communityId', '=', communityId),
    )
    .select(['u.email', 'u.firstName'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!person) return { notSent: 'not sent: the person left the community' };
  if ((await communityNewsChoice(db, userId, communityId)) !== 'now')
    return { notSent: "not sent: the person no longer wants this community's news at once" };
  if (!(await mailPreferenceFor(db, userId, 'community-news')))
    return { notSent: 'not sent: the person stopped community news' };
  const mail = await unsubscribableMail(
    person.email,
    { userId, kind: 'community-news', communityId },
    `news from ${event.communityName}`,
    config,
    (unsubscribe) => communityNewsMail({ firstName: person.firstName, event: mailEventOf(event, config), unsubscribe }),
  );
  return { mail };
};
