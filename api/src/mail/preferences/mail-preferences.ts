/**
 * Mail preferences (migration 0020): the questions every sender of a non-transactional mail asks —
 * does this person want this kind of mail, how do they want this community's news — and the
 * My account screen's read and save. Only departures from the defaults are stored: a kind without a
 * row is on, a community without a row is 'digest' (DEFAULT_NEWS_CHOICE).
 *
 * A fan-out that queues one mail per recipient from one SQL statement filters with the expressions
 * `wantsKind` and `newsChoiceSql` inside its own select, instead of asking per person.
 */
import {
  DEFAULT_NEWS_CHOICE,
  MAIL_KINDS,
  type MailKind,
  type MailKindSwitches,
  type MailPreferences,
  type MailPreferencesInput,
  type NewsChoice,
} from '@hub/contract/mail-preferences';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';

/** Whether the person wants mails of this kind (true unless they switched it off). */
export async function mailPreferenceFor(db: Kysely<Database>, userId: number, kind: MailKind): Promise<boolean> {
  const row = await db
    .selectFrom('mailPreference')
    .select('enabled')
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.enabled ?? true;
}

/** How the person wants this community's news: 'now', 'digest' (the default) or 'none'. */
export async function communityNewsChoice(
  db: Kysely<Database>,
  userId: number,
  communityId: number,
): Promise<NewsChoice> {
  const row = await db
    .selectFrom('communityNewsChoice')
    .select('choice')
    .where('userId', '=', userId)
    .where('communityId', '=', communityId)
    .executeTakeFirst();
  return row?.choice ?? DEFAULT_NEWS_CHOICE;
}

/**
 * A condition for a fan-out's select: the user whose id is `userId` (a column reference such as
 * sql.ref('u.id')) has not switched `kind` off.
 */
export function wantsKind(userId: Expression<number>, kind: MailKind): Expression<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from mail_preference mp where mp.user_id = ${userId} and mp.kind = ${kind} and not mp.enabled)`;
}

/** The news choice of `userId` for `communityId` as an SQL value, for a fan-out's select or where. */
export function newsChoiceSql(userId: Expression<number>, communityId: Expression<number>): Expression<NewsChoice> {
  return sql<NewsChoice>`coalesce((select cnc.choice from community_news_choice cnc where cnc.user_id = ${userId} and cnc.community_id = ${communityId}), ${DEFAULT_NEWS_CHOICE})`;
}

/** The ones among `userIds` who want mails of `kind` (for a sender that already has its list). */
export async function recipientsWanting(
  db: Kysely<Database>,
  userIds: readonly number[],
  kind: MailKind,
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const off = await db
    .selectFrom('mailPreference')
    .select('userId')
    .where('kind', '=', kind)
    .where('enabled', '=', false)
    .where('userId', 'in', [...userIds])
    .execute();
  const stopped = new Set(off.map((r) => r.userId));
  return userIds.filter((id) => !stopped.has(id));
}

/** The My account screen's view: every kind's switch, and a choice per community the person joined. */
export async function readMailPreferences(db: Kysely<Database>, userId: number): Promise<MailPreferences> {
  const [kindRows, communities] = await Promise.all([
    db.selectFrom('mailPreference').select(['kind', 'enabled']).where('userId', '=', userId).execute(),
    db
      .selectFrom('communityMembership as m')
      .innerJoin('community as c', 'c.id', 'm.communityId')
      .innerJoin('communityBase as b', 'b.id', 'c.communityBaseId')
      .leftJoin('communityNewsChoice as n', (join) =>
        join.onRef('n.communityId', '=', 'm.communityId').onRef('n.userId', '=', 'm.userId'),
      )
      .select(['c.id as communityId', 'c.name as communityName', 'b.name as baseName', 'n.choice'])
      .where('m.userId', '=', userId)
      .orderBy('c.name')
      .orderBy('c.id')
      .execute(),
  ]);
  const kinds = Object.fromEntries(MAIL_KINDS.map((k) => [k, true])) as MailKindSwitches;
  for (const row of kindRows) kinds[row.kind] = row.enabled;
  return {
    kinds,
    communities: communities.map((c) => ({ ...c, choice: c.choice ?? DEFAULT_NEWS_CHOICE })),
  };
}

/**
 * Saves the switches and community choices given (each optional), in one transaction. A community
 * the person has not joined is refused (400) rather than stored: its choice would never be shown.
 */
export async function saveMailPreferences(
  db: Kysely<Database>,
  userId: number,
  input: MailPreferencesInput,
): Promise<void> {
  const kinds = Object.entries(input.kinds ?? {}) as [MailKind, boolean][];
  const choices = input.communities ?? [];
  const communityIds = [...new Set(choices.map((c) => c.communityId))];
  if (communityIds.length !== choices.length)
    throw badRequest('The request is invalid', ['body/communities names a community twice']);
  await db.transaction().execute(async (trx) => {
    if (communityIds.length > 0) {
      const joined = await trx
        .selectFrom('communityMembership')
        .select('communityId')
        .where('userId', '=', userId)
        .where('communityId', 'in', communityIds)
        .execute();
      const joinedIds = new Set(joined.map((r) => r.communityId));
      const notJoined = communityIds.filter((id) => !joinedIds.has(id));
      if (notJoined.length > 0)
        throw badRequest('The request is invalid', [
          `body/communities: you have not joined community ${notJoined.join(', ')}`,
        ]);
    }
    for (const [kind, enabled] of kinds) await setKind(trx, userId, kind, enabled);
    for (const { communityId, choice } of choices) await setNewsChoice(trx, userId, communityId, choice);
  });
}

/** Switches one kind on or off for the person (unsubscribe, resubscribe, the screen). */
export async function setKind(db: Kysely<Database>, userId: number, kind: MailKind, enabled: boolean): Promise<void> {
  await db
    .insertInto('mailPreference')
    .values({ userId, kind, enabled })
    .onConflict((oc) => oc.columns(['userId', 'kind']).doUpdateSet({ enabled, updatedAt: sql`now()` }))
    .execute();
}

/** Sets how one community's news reaches the person. */
export async function setNewsChoice(
  db: Kysely<Database>,
  userId: number,
  communityId: number,
  choice: NewsChoice,
): Promise<void> {
  await db
    .insertInto('communityNewsChoice')
    .values({ userId, communityId, choice })
    .onConflict((oc) => oc.columns(['userId', 'communityId']).doUpdateSet({ choice, updatedAt: sql`now()` }))
    .execute();
}
