/**
 * Issue 28, members-only communities: the mails of a request to join, on the mail job queue.
 *  - `asked`: to each core member of the community who has not switched `join-requests` off, queued
 *    in the asking transaction by one INSERT … SELECT; made at send time only while the request is
 *    still pending and the recipient still a core member (a request already answered needs no notice);
 *  - `approved` / `declined`: to the person who asked, queued in the deciding transaction;
 *    transactional (the answer to their own request), and sent only while it is still the answer.
 * Every job's payload names its recipient as `userId`, so an account deletion drops their queued mails.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { enqueueMail, fanOutMail } from '../jobs/enqueue.ts';
import type { MailJobMaker } from '../jobs/mail-jobs.ts';
import { mailPreferenceFor, wantsKind } from './preferences/mail-preferences.ts';
import { joinRequestAnswerMail, joinRequestAskedMail } from './templates/join-request.tsx';
import { unsubscribableMail } from './unsubscribable-mail.ts';

/** After a decline, the days before the same person may ask again (no stream of notices to the core members). */
export const ASK_AGAIN_DAYS = 7;

/** Queues the notice of a new request to the community's core members who want it; answers how many. */
export async function queueJoinRequestNotices(
  trx: Transaction<Database>,
  request: { id: number; communityId: number },
): Promise<number> {
  const rows = trx
    .selectFrom('communityCoreMember as k')
    .select([
      sql`jsonb_build_object('kind', 'asked', 'requestId', ${request.id}::int, 'userId', k.user_id)`.as('payload'),
      sql<null>`null::text`.as('singleton_key'),
    ])
    .where('k.communityId', '=', request.communityId)
    .where(wantsKind(sql.ref('k.user_id'), 'join-requests'));
  return fanOutMail(trx, 'join-request', rows);
}

/** Queues the answer to the person who asked. */
export async function enqueueJoinRequestAnswer(
  trx: Transaction<Database>,
  request: { id: number; userId: number },
  kind: 'approved' | 'declined',
): Promise<void> {
  await enqueueMail(trx, 'join-request', { kind, requestId: request.id, userId: request.userId });
}

const communityPage = (siteUrl: string, id: number) => new URL(`/community/${id}`, `${siteUrl}/`).toString();

export const makeJoinRequestMail: MailJobMaker<'join-request'> = async (
  { kind, requestId, userId },
  { db, config },
) => {
  const request = await db
    .selectFrom('communityJoinRequest as r')
    .innerJoin('community as c', 'c.id', 'r.communityId')
    .innerJoin('appUser as u', 'u.id', 'r.userId')
    .select(['r.status', 'r.userId', 'r.communityId', 'c.name as communityName', 'u.firstName', 'u.lastName'])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!request) return { notSent: 'not sent: the request or its community is gone' };
  const communityUrl = communityPage(config.siteUrl, request.communityId);

  if (kind === 'asked') {
    if (request.status !== 'pending') return { notSent: 'not sent: the request was answered meanwhile' };
    const coreMember = await db
      .selectFrom('communityCoreMember as k')
      .innerJoin('appUser as u', 'u.id', 'k.userId')
      .select(['u.email', 'u.firstName'])
      .where('k.communityId', '=', request.communityId)
      .where('k.userId', '=', userId)
      .executeTakeFirst();
    if (!coreMember) return { notSent: 'not sent: no longer a core member of the community' };
    if (!(await mailPreferenceFor(db, userId, 'join-requests')))
      return { notSent: 'not sent: the core member stopped join-request mails' };
    const requesterName = `${request.firstName} ${request.lastName}`.trim() || 'Someone';
    const mail = await unsubscribableMail(
      coreMember.email,
      { userId, kind: 'join-requests' },
      'mails about requests to join your communities',
      config,
      (unsubscribe) =>
        joinRequestAskedMail({
          firstName: coreMember.firstName,
          communityName: request.communityName,
          requesterName,
          communityUrl,
          unsubscribe,
        }),
    );
    return { mail };
  }

  if (request.userId !== userId) return { notSent: 'not sent: the request is not this person’s' };
  if (request.status !== kind) return { notSent: `not sent: the request is no longer ${kind}` };
  const person = await db.selectFrom('appUser').select('email').where('id', '=', userId).executeTakeFirst();
  if (!person) return { notSent: 'not sent: the person is gone' };
  const rendered = await joinRequestAnswerMail({
    firstName: request.firstName,
    communityName: request.communityName,
    approved: kind === 'approved',
    communityUrl,
    askAgainDays: ASK_AGAIN_DAYS,
  });
  return { mail: { to: person.email, ...rendered } };
};
