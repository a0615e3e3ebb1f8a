/**
 * Calendar feeds a calendar app subscribes to:
 *  - `GET api/user/calendar-feed`: whether the signed-in user has a private feed and since when;
 *    `POST` makes a new address, shown in that answer only (the secret is kept as its hash alone),
 *    and any earlier address stops working at once;
 *  - `DELETE api/admin/users/{id}/calendar-feed`: an admin makes a user's feed address stop working
 *    (audited);
 *  - `GET api/calendar/{token}.ics`: that feed, the events the user attends (upcoming and the last
 *    90 days). The token is the only credential: 256 random bits, looked up by its SHA-256; anything
 *    unknown is 404; never stored by caches; rate-limited per client address. The owner's Firebase
 *    account is asked on every read: a disabled or deleted account's feed answers 404 like an
 *    unknown one, with no data;
 *  - `GET api/community/{id}/events.ics`: a community's upcoming events, public and cacheable.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CalendarFeedRevokeAnswer } from '@hub/contract/admin';
import { errors, IdParams } from '@hub/contract/common';
import { CalendarFeed, CalendarFeedParams, CalendarFeedStatus, EventCalendar } from '@hub/contract/events';
import { loadCallerUser, requireAdmin, requireUser } from '../auth/caller.ts';
import { newSecretToken, SECRET_TOKEN_FORMAT, secretTokenHash } from '../auth/secret-token.ts';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditCalendarFeedRevoke } from '../services/audit-log.ts';
import { communityFeedEvents, personalFeedEvents } from '../services/calendar-queries.ts';
import { feedCalendarText } from '../services/ics.ts';
import { communitySeen, viewerOf } from '../services/visibility.ts';
import { viewerOfRequest } from '../http/viewer.ts';
import { keepFromSharedCaches } from '../http/public-cache.ts';

/** How often subscribers are asked to fetch a feed again. */
const REFRESH_MINUTES = 60;

/** Whether the Firebase account behind a feed may still read it: 'gone' (deleted), 'disabled' or 'ok'. */
type AccountState = 'ok' | 'disabled' | 'gone';

export function calendarFeedRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const site = { siteUrl: ctx.config.siteUrl };

  function feedAddress(request: FastifyRequest, token: string, createdAt: Date): CalendarFeed {
    const base = ctx.config.apiPublicUrl ?? `${request.protocol}://${request.host}`;
    const url = `${base}/api/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: createdAt.toISOString() };
  }

  async function accountState(uid: string | null): Promise<AccountState> {
    if (uid === null) return 'gone';
    try {
      const record = await ctx.identity.auth.getUser(uid);
      return record.disabled ? 'disabled' : 'ok';
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return 'gone';
      // The identity service cannot say: serve nothing rather than a feed that may be revoked.
      throw new HttpError(503, 'The calendar feed cannot be read right now: try again later');
    }
  }

  const perClient = app.createRateLimit({
    max: ctx.config.calendarFeedRateLimit.max,
    timeWindow: ctx.config.calendarFeedRateLimit.windowMs,
    keyGenerator: (request) => `calendar-feed:client:${request.ip}`,
  });
  async function feedLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await perClient(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, 'Too many requests: try again later', [`Retry in ${result.ttlInSeconds} s`]);
  }

  app.get('/api/user/calendar-feed', {
    schema: {
      tags: ['user'],
      summary: 'Whether the caller has a private calendar feed, and since when (its address is shown only when made)',
      security: [{ bearer: [] }],
      response: { 200: CalendarFeedStatus, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const feed = await db
        .selectFrom('calendarFeed')
        .select('createdAt')
        .where('userId', '=', user.id)
        .executeTakeFirst();
      return { active: !!feed, createdAt: feed ? feed.createdAt.toISOString() : null };
    },
  });

  app.post('/api/user/calendar-feed', {
    schema: {
      tags: ['user'],
      summary:
        "A new address for the caller's calendar feed, shown this once: any earlier address stops working at once",
      security: [{ bearer: [] }],
      response: { 200: CalendarFeed, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const token = newSecretToken();
      const createdAt = new Date();
      await db
        .insertInto('calendarFeed')
        .values({ userId: user.id, tokenHash: secretTokenHash(token), createdAt })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash: secretTokenHash(token), createdAt }))
        .execute();
      return feedAddress(request, token, createdAt);
    },
  });

  app.delete('/api/admin/users/:id/calendar-feed', {
    schema: {
      tags: ['admin'],
      summary: "Revoke a user's private calendar feed: its address stops working at once (audited)",
      description:
        'revoked: false when the user had no feed (nothing changes, nothing is recorded). The user can make a new address on My hub.',
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: CalendarFeedRevokeAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await requireAdmin(ctx, request);
      const userId = request.params.id;
      return db.transaction().execute(async (trx) => {
        const user = await trx.selectFrom('appUser').select('id').where('id', '=', userId).executeTakeFirst();
        if (!user) throw notFound('User not found');
        const removed = await trx
          .deleteFrom('calendarFeed')
          .where('userId', '=', userId)
          .returning('userId')
          .executeTakeFirst();
        if (removed) await auditCalendarFeedRevoke(ctx, request, trx, userId);
        return { userId, revoked: !!removed };
      });
    },
  });

  app.get('/api/calendar/:token.ics', {
    preHandler: feedLimit,
    schema: {
      tags: ['calendar'],
      summary: 'A private calendar feed: the events its owner attends (the secret address is the credential)',
      description:
        "404 for an unknown secret, and for a feed whose owner's account is disabled or deleted; 503 when the identity service cannot be asked.",
      params: CalendarFeedParams,
      produces: ['text/calendar'],
      response: { 200: EventCalendar, ...errors(404, 429, 503) },
    },
    handler: async (request, reply) => {
      const given = request.params.token;
      const unknown = () => notFound('Calendar feed not found');
      if (!SECRET_TOKEN_FORMAT.test(given)) throw unknown();
      // Looked up by the hash alone: an attacker controls no part of it, so the lookup's timing
      // tells nothing about the secrets kept.
      const feed = await db
        .selectFrom('calendarFeed as f')
        .innerJoin('appUser as u', 'u.id', 'f.userId')
        .select(['f.userId', 'u.uid'])
        .where('f.tokenHash', '=', secretTokenHash(given))
        .executeTakeFirst();
      if (!feed) throw unknown();
      const state = await accountState(feed.uid);
      if (state === 'gone') {
        // The account is gone for good: so is its feed, so that an account made again later with
        // the same address (which takes over this row, services/sync-user.ts) does not inherit it.
        await db.deleteFrom('calendarFeed').where('userId', '=', feed.userId).execute();
        throw unknown();
      }
      if (state === 'disabled') throw unknown();
      // What the owner may see today (issue 28): an event they can no longer see leaves their calendar.
      const owner = viewerOf(feed.uid === null ? null : await loadCallerUser(ctx, feed.uid));
      const events = await personalFeedEvents(db, feed.userId, owner);
      reply
        .type('text/calendar; charset=utf-8')
        .header('x-robots-tag', 'noindex')
        .header('content-disposition', 'inline; filename="my-events.ics"');
      return feedCalendarText(events, site, {
        name: 'Community Hub: my events',
        description: 'The events you attend on Community Hub',
        refreshMinutes: REFRESH_MINUTES,
      });
    },
  });

  app.get('/api/community/:id/events.ics', {
    config: { publicCache: true },
    schema: {
      tags: ['communities'],
      summary: "A community's upcoming events as a calendar feed (public)",
      params: IdParams,
      produces: ['text/calendar'],
      response: { 200: EventCalendar, ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      // A calendar app subscribes without credentials: a community it may not see is not found (issue 28).
      const viewer = await viewerOfRequest(ctx, request);
      const community = await db
        .selectFrom('community as c')
        .select(['c.id', 'c.name', 'c.visibility'])
        .where('c.id', '=', request.params.id)
        .where(communitySeen(viewer))
        .executeTakeFirst();
      if (!community) throw notFound('Community not found');
      if (community.visibility !== 'public') keepFromSharedCaches(request);
      const events = await communityFeedEvents(db, community.id, viewer);
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="community-${community.id}-events.ics"`);
      return feedCalendarText(events, site, {
        name: `${community.name}: events`,
        description: `Upcoming events of ${community.name} on Community Hub`,
        refreshMinutes: REFRESH_MINUTES,
      });
    },
  });
}
