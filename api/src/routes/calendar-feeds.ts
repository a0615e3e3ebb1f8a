/**
 * Calendar feeds a calendar app subscribes to:
 *  - `GET`/`POST api/user/calendar-feed`: the signed-in user's private feed address (made on first
 *    read; POST replaces the secret, and the old address stops working at once);
 *  - `GET api/calendar/{token}.ics`: that feed, the events the user attends (upcoming and the last
 *    90 days). The token is the only credential: 256 random bits, looked up by its SHA-256 and
 *    compared in constant time; anything unknown is 404; never stored by caches; rate-limited per
 *    client address;
 *  - `GET api/community/{id}/events.ics`: a community's upcoming events, public and cacheable.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors, IdParams } from '@hub/contract/common';
import { CalendarFeed, CalendarFeedParams, EventCalendar } from '@hub/contract/events';
import { requireUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { HttpError, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { communityFeedEvents, personalFeedEvents } from '../services/calendar-queries.ts';
import { feedCalendarText } from '../services/ics.ts';

/** How often subscribers are asked to fetch a feed again. */
const REFRESH_MINUTES = 60;
/** base64url of 32 random bytes. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function calendarFeedRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const site = { siteUrl: ctx.config.siteUrl };

  function feedAddress(request: FastifyRequest, token: string): CalendarFeed {
    const base = ctx.config.apiPublicUrl ?? `${request.protocol}://${request.host}`;
    const url = `${base}/api/calendar/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
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
      summary: "The address of the caller's private calendar feed (made on first read)",
      security: [{ bearer: [] }],
      response: { 200: CalendarFeed, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const token = newToken();
      // Two first reads at once must agree on one token: the second insert yields to the first.
      await db
        .insertInto('calendarFeed')
        .values({ userId: user.id, token, tokenHash: hashOf(token) })
        .onConflict((oc) => oc.column('userId').doNothing())
        .execute();
      const feed = await db
        .selectFrom('calendarFeed')
        .select('token')
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow();
      return feedAddress(request, feed.token);
    },
  });

  app.post('/api/user/calendar-feed', {
    schema: {
      tags: ['user'],
      summary: "A new secret for the caller's calendar feed: the old address stops working at once",
      security: [{ bearer: [] }],
      response: { 200: CalendarFeed, ...errors(401, 403) },
    },
    handler: async (request) => {
      const user = await requireUser(ctx, request);
      const token = newToken();
      await db
        .insertInto('calendarFeed')
        .values({ userId: user.id, token, tokenHash: hashOf(token) })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ token, tokenHash: hashOf(token), createdAt: new Date() }))
        .execute();
      return feedAddress(request, token);
    },
  });

  app.get('/api/calendar/:token.ics', {
    preHandler: feedLimit,
    schema: {
      tags: ['calendar'],
      summary: 'A private calendar feed: the events its owner attends (the secret address is the credential)',
      params: CalendarFeedParams,
      produces: ['text/calendar'],
      response: { 200: EventCalendar, ...errors(404, 429) },
    },
    handler: async (request, reply) => {
      const given = request.params.token;
      const unknown = () => notFound('Calendar feed not found');
      if (!TOKEN_FORMAT.test(given)) throw unknown();
      const feed = await db
        .selectFrom('calendarFeed')
        .select(['userId', 'token'])
        .where('tokenHash', '=', hashOf(given))
        .executeTakeFirst();
      if (!feed || !timingSafeEqual(Buffer.from(feed.token), Buffer.from(given))) throw unknown();
      const events = await personalFeedEvents(db, feed.userId);
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
      const community = await db
        .selectFrom('community')
        .select(['id', 'name'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!community) throw notFound('Community not found');
      const events = await communityFeedEvents(db, community.id);
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
