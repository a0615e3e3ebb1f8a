/**
 * Organiser messages (issue 26): a core member of an event's community (or an admin) writes to the
 * event's attendees — all, those at one place, or those checked in; a lead of a community (or an
 * admin) announces something to its members. Each message is stored, written to the audit log in
 * the same transaction, and sent as one mail per recipient through the job queue; the event and
 * community pages list them ("Updates from the organisers"). Senders see counts, never addresses.
 * One organiser sends at most HUB_ORGANISER_MESSAGE_RATE_MAX messages per window, counted only
 * for requests that would send (authorised and valid), in Redis when there is one.
 */
import { errors, IdParams } from '@hub/contract/common';
import {
  CommunityAudienceCount,
  CommunityMessageInput,
  EventAudienceCounts,
  EventMessageInput,
  OrganiserMessageList,
  SentOrganiserMessage,
} from '@hub/contract/organiser-messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { communitySeen, eventSeen, RECIPIENTS_CHOSEN, type Viewer } from '../services/visibility.ts';
import { viewerOfRequest } from '../http/viewer.ts';
import { requireCommunityLead, requireCommunityManager, requireUser, type CallerUser } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import type { OrganiserAudience } from '../db/schema.ts';
import { badRequest, conflict, HttpError, notFound } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { auditOrganiserMessage } from '../services/audit-log.ts';
import {
  audienceText,
  communityMessages,
  countAudience,
  eventAudienceCounts,
  eventMessages,
  insertMessage,
  messageById,
  placeName,
  type Audience,
} from '../services/organiser-messages.ts';
import { queueOrganiserMessageMails } from '../mail/organiser-message-mail.ts';

/** Subject and body as stored: the subject trimmed; a body of only spaces is refused. */
function cleanText(input: { subject: string; body: string }): { subject: string; body: string } {
  const details: string[] = [];
  const subject = input.subject.trim();
  if (!input.body.trim()) details.push('body/body must not be blank');
  if (!subject) details.push('body/subject must not be blank');
  if (details.length) throw badRequest('The request is invalid', details);
  return { subject, body: input.body.replace(/\s+$/, '') };
}

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export function organiserMessageRoutes(app: App, ctx: AppContext): void {
  const { db } = ctx;
  const limit = ctx.config.organiserMessageRateLimit;
  const perOrganiser = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: async (request) => `organiser-message:user:${(await requireUser(ctx, request)).id}`,
  });

  /** Takes one of the organiser's messages of the window, or refuses with 429 and when to try again. */
  async function takeMessageSlot(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const result = await perOrganiser(request);
    if (result.isAllowed || !result.isExceeded) return;
    void reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(
      429,
      `You have sent ${limit.max} messages recently, the most allowed: you can send the next one in ${minutes(
        result.ttlInSeconds,
      )} minute(s)`,
      [`Retry in ${result.ttlInSeconds} s`],
    );
  }

  /** The event, as `viewer` may see it (issue 28: one they may not see is not found). */
  async function eventOf(id: number, viewer: Viewer = RECIPIENTS_CHOSEN) {
    const event = await db
      .selectFrom('event as e')
      .innerJoin('community as c', 'c.id', 'e.communityId')
      .select(['e.id', 'e.communityId'])
      .where('e.id', '=', id)
      .where(eventSeen(viewer))
      .executeTakeFirst();
    if (!event) throw notFound('Event not found');
    return event;
  }

  async function communityExists(id: number, viewer: Viewer = RECIPIENTS_CHOSEN) {
    const c = await db
      .selectFrom('community as c')
      .select('c.id')
      .where('c.id', '=', id)
      .where(communitySeen(viewer))
      .executeTakeFirst();
    if (!c) throw notFound('Community not found');
  }

  /** Stores the message with its audit record, queues its mails (one transaction), answers it. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    user: CallerUser,
    message: {
      communityId: number;
      eventId: number | null;
      audience: Audience;
      locationName: string | null;
      subject: string;
      body: string;
    },
  ) {
    const kind: OrganiserAudience = message.audience.kind;
    const recipientCount = await countAudience(db, message.audience);
    if (recipientCount === 0)
      throw conflict('Nobody is in this audience yet: the message was not sent', [`audience ${kind} has no one`]);
    await takeMessageSlot(request, reply);
    const id = await db.transaction().execute(async (trx) => {
      const id = await insertMessage(trx, {
        communityId: message.communityId,
        eventId: message.eventId,
        authorUserId: user.id,
        audience: kind,
        eventLocationId: message.audience.kind === 'event-location' ? message.audience.eventLocationId : null,
        locationName: message.locationName,
        subject: message.subject,
        body: message.body,
        recipientCount,
      });
      const queued = await queueOrganiserMessageMails(trx, id, message.audience);
      // The stored count is what was queued (someone may have withdrawn since the count above).
      if (queued !== recipientCount)
        await trx.updateTable('organiserMessage').set({ recipientCount: queued }).where('id', '=', id).execute();
      await auditOrganiserMessage(
        ctx,
        request,
        trx,
        { id, ...message, audienceText: audienceText(kind, message.locationName) },
        queued,
      );
      return { id, queued };
    });
    // The jobs are committed: the runner sends them now rather than at its next poll.
    ctx.mailJobs.wake();
    return reply.code(201).send({ message: (await messageById(db, id.id))!, recipientCount: id.queued });
  }

  app.get('/api/events/:id/messages', {
    schema: {
      tags: ['messages'],
      summary:
        "Updates from the organisers: the messages written to an event's attendees, newest first (the latest 50)",
      params: IdParams,
      response: { 200: OrganiserMessageList, ...errors(400, 404) },
    },
    handler: async (request) => {
      const event = await eventOf(request.params.id, await viewerOfRequest(ctx, request));
      return { items: await eventMessages(db, event.id) };
    },
  });

  app.get('/api/events/:id/messages/audiences', {
    schema: {
      tags: ['messages'],
      summary:
        "How many people each audience of a message reaches: everyone attending, those checked in, those at each place (a core member of the event's community, or an admin)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: EventAudienceCounts, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await requireUser(ctx, request);
      const event = await eventOf(request.params.id);
      await requireCommunityManager(ctx, request, event.communityId);
      return eventAudienceCounts(db, event.id);
    },
  });

  app.post('/api/events/:id/messages', {
    schema: {
      tags: ['messages'],
      summary:
        "Write to an event's attendees: all holding a seat, those at one place, or those checked in (a core member of the event's community, or an admin)",
      description:
        'One mail per recipient, each addressed to that person alone. 409 when the audience has nobody; 429 past the per-organiser limit (HUB_ORGANISER_MESSAGE_RATE_MAX per HUB_ORGANISER_MESSAGE_RATE_WINDOW_MS).',
      security: [{ bearer: [] }],
      params: IdParams,
      body: EventMessageInput,
      response: { 201: SentOrganiserMessage, ...errors(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const user = await requireUser(ctx, request);
      const event = await eventOf(request.params.id);
      await requireCommunityManager(ctx, request, event.communityId);
      const body = request.body;
      const text = cleanText(body);
      let audience: Audience;
      let locationName: string | null = null;
      if (body.audience === 'event-location') {
        if (body.eventLocationId === undefined)
          throw badRequest('The request is invalid', [
            "body/eventLocationId is required with audience 'event-location'",
          ]);
        const place = await db
          .selectFrom('eventLocation')
          .select(['cityName', 'online'])
          .where('id', '=', body.eventLocationId)
          .where('eventId', '=', event.id)
          .executeTakeFirst();
        if (!place)
          throw badRequest('The request is invalid', ['body/eventLocationId is not a location of this event']);
        audience = { kind: 'event-location', eventId: event.id, eventLocationId: body.eventLocationId };
        locationName = placeName(place.cityName, place.online);
      } else {
        if (body.eventLocationId !== undefined)
          throw badRequest('The request is invalid', [
            "body/eventLocationId is only allowed with audience 'event-location'",
          ]);
        audience = { kind: body.audience, eventId: event.id };
      }
      return send(request, reply, user, {
        communityId: event.communityId,
        eventId: event.id,
        audience,
        locationName,
        ...text,
      });
    },
  });

  app.get('/api/community/:id/messages', {
    schema: {
      tags: ['messages'],
      summary: "Updates from the organisers: a community's announcements to its members, newest first (the latest 50)",
      params: IdParams,
      response: { 200: OrganiserMessageList, ...errors(400, 404) },
    },
    handler: async (request) => {
      await communityExists(request.params.id, await viewerOfRequest(ctx, request));
      return { items: await communityMessages(db, request.params.id) };
    },
  });

  app.get('/api/community/:id/messages/audience', {
    schema: {
      tags: ['messages'],
      summary: "How many members an announcement reaches (the community's lead, or an admin)",
      security: [{ bearer: [] }],
      params: IdParams,
      response: { 200: CommunityAudienceCount, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      await requireUser(ctx, request);
      await communityExists(request.params.id);
      await requireCommunityLead(ctx, request, request.params.id);
      return { members: await countAudience(db, { kind: 'community-members', communityId: request.params.id }) };
    },
  });

  app.post('/api/community/:id/messages', {
    schema: {
      tags: ['messages'],
      summary: "Announce something to a community's members (the community's lead, or an admin)",
      description:
        'One mail per member, each addressed to that person alone. 409 when the community has no members; 429 past the per-organiser limit.',
      security: [{ bearer: [] }],
      params: IdParams,
      body: CommunityMessageInput,
      response: { 201: SentOrganiserMessage, ...errors(400, 401, 403, 404, 409, 429) },
    },
    handler: async (request, reply) => {
      const communityId = request.params.id;
      const user = await requireUser(ctx, request);
      await communityExists(communityId);
      await requireCommunityLead(ctx, request, communityId);
      return send(request, reply, user, {
        communityId,
        eventId: null,
        audience: { kind: 'community-members', communityId },
        locationName: null,
        ...cleanText(request.body),
      });
    },
  });
}
