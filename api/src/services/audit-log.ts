/**
 * The audit log of privileged actions. Every route that changes something on someone else's behalf
 * (roles, communities, core members, events, check-in) calls one function of this module with the
 * transaction it changes the data in, so the record and the change commit or roll back together.
 * The functions take the request and find the caller themselves (the caller is resolved once per
 * request and memoised), so each call site stays one line in routes that other teams also edit.
 */
import { AuditAction, AuditTargetType } from '@hub/contract/audit';
import type { EventInput } from '@hub/contract/events';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { optionalCaller } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  actorUserId: number | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  summary: string;
  details?: Record<string, unknown>;
  /** Default: now (the transaction's time). The demo seed writes a history in the past. */
  at?: Date;
}

/** The one writer: inserts a row in the given transaction. */
export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorUserId: record.actorUserId,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      summary: record.summary,
      details: JSON.stringify(record.details ?? {}),
      ...(record.at ? { at: record.at } : {}),
    })
    .execute();
}

async function actorOf(ctx: AppContext, request: FastifyRequest): Promise<number | null> {
  return (await optionalCaller(ctx, request)).user?.id ?? null;
}

async function userLabel(db: Db, userId: number): Promise<string> {
  const u = await db
    .selectFrom('appUser')
    .select(['email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!u) return `user ${userId}`;
  const name = [u.firstName, u.lastName].filter(Boolean).join(' ');
  return name ? `${name} <${u.email}>` : u.email;
}

async function communityName(db: Db, communityId: number): Promise<string> {
  const c = await db.selectFrom('community').select('name').where('id', '=', communityId).executeTakeFirst();
  return c?.name ?? `community ${communityId}`;
}

async function eventTitle(db: Db, eventId: number): Promise<string> {
  const e = await db.selectFrom('event').select('title').where('id', '=', eventId).executeTakeFirst();
  return e?.title ?? `event ${eventId}`;
}

const ROLE_NAMES: Record<number, string> = { 0: 'Admin', 1: 'Core member', 2: 'Capgemini', 3: 'External' };
const roleList = (roles: number[]) => (roles.length ? roles.map((r) => ROLE_NAMES[r] ?? String(r)).join(', ') : 'none');

/** Stored roles replaced: call with the roles read before the change. */
export async function auditRolesChange(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  userId: number,
  before: number[],
  after: number[],
): Promise<void> {
  const label = await userLabel(db, userId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: AuditAction.UserRolesChange,
    targetType: AuditTargetType.User,
    targetId: userId,
    summary: `Roles of ${label}: ${roleList(before)} → ${roleList(after)}`,
    details: { before, after },
  });
}

type CommunityAction =
  | typeof AuditAction.CommunityCreate
  | typeof AuditAction.CommunityUpdate
  | typeof AuditAction.CommunityDelete
  | typeof AuditAction.CommunityArchive
  | typeof AuditAction.CommunityRestore;
const COMMUNITY_VERBS: Record<CommunityAction, string> = {
  [AuditAction.CommunityCreate]: 'Created',
  [AuditAction.CommunityUpdate]: 'Edited',
  [AuditAction.CommunityDelete]: 'Deleted',
  [AuditAction.CommunityArchive]: 'Archived',
  [AuditAction.CommunityRestore]: 'Restored',
};

/** A community created, edited or deleted; for a delete call it before the row goes. */
export async function auditCommunity(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  action: CommunityAction,
  communityId: number,
  details: Record<string, unknown> = {},
): Promise<void> {
  const name = await communityName(db, communityId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action,
    targetType: AuditTargetType.Community,
    targetId: communityId,
    summary: `${COMMUNITY_VERBS[action]} ${name}`,
    details: { name, ...details },
  });
}

type CoreMemberAction =
  typeof AuditAction.CoreMemberAppoint | typeof AuditAction.CoreMemberLead | typeof AuditAction.CoreMemberRemove;

/** A core-member seat appointed, its lead flag set or cleared, or removed. */
export async function auditCoreMember(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  action: CoreMemberAction,
  communityId: number,
  userId: number,
  lead: boolean,
): Promise<void> {
  const [name, label] = [await communityName(db, communityId), await userLabel(db, userId)];
  const summary =
    action === AuditAction.CoreMemberAppoint
      ? `Appointed ${label} core member${lead ? ' and lead' : ''} of ${name}`
      : action === AuditAction.CoreMemberLead
        ? `${lead ? 'Made' : 'Unmade'} ${label} lead of ${name}`
        : `Removed ${label} as core member of ${name}`;
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action,
    targetType: AuditTargetType.Community,
    targetId: communityId,
    summary,
    details: { userId, responsibleForCommunity: lead },
  });
}

/** An event created or cancelled. */
export async function auditEvent(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  action: typeof AuditAction.EventCreate | typeof AuditAction.EventCancel,
  eventId: number,
): Promise<void> {
  const title = await eventTitle(db, eventId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action,
    targetType: AuditTargetType.Event,
    targetId: eventId,
    summary: `${action === AuditAction.EventCreate ? 'Created' : 'Cancelled'} event ${title}`,
    details: { title },
  });
}

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * An event edited: call inside the edit's transaction before the update, with the new body; the
 * record names the fields that change, with their values before and after.
 */
export async function auditEventUpdate(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  eventId: number,
  body: Pick<EventInput, 'communityId' | 'title' | 'startsAt' | 'endsAt' | 'capacity'> & { locations: unknown[] },
): Promise<void> {
  const old = await db
    .selectFrom('event')
    .select(['communityId', 'title', 'startsAt', 'endsAt', 'capacity'])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!old) return;
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const compare = (field: string, before: unknown, after: unknown) => {
    if (before !== after) changes[field] = { before, after };
  };
  compare('title', old.title, body.title.trim());
  compare('startsAt', iso(old.startsAt), iso(body.startsAt));
  compare('endsAt', iso(old.endsAt), iso(body.endsAt));
  compare('capacity', old.capacity, body.capacity);
  compare('communityId', old.communityId, body.communityId);
  const fields = Object.keys(changes);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: AuditAction.EventUpdate,
    targetType: AuditTargetType.Event,
    targetId: eventId,
    summary: `Edited event ${old.title}${fields.length ? ` (${fields.join(', ')})` : ''}`,
    details: { title: old.title, changes, locations: body.locations.length },
  });
}

/** An attendee checked in or the check-in undone (only when the state really changed). */
export async function auditCheckIn(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  eventId: number,
  userId: number,
  checkedIn: boolean,
): Promise<void> {
  const [title, label] = [await eventTitle(db, eventId), await userLabel(db, userId)];
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: checkedIn ? AuditAction.AttendeeCheckIn : AuditAction.AttendeeCheckInUndo,
    targetType: AuditTargetType.Event,
    targetId: eventId,
    summary: `${checkedIn ? 'Checked in' : 'Undid the check-in of'} ${label} at ${title}`,
    details: { userId },
  });
}

/**
 * A core member (or lead) left the community and so gave up their seat: the same record as a
 * removal by a lead, but the actor is the person leaving. Call with the seat as it was.
 */
export async function auditCoreMemberLeave(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  communityId: number,
  userId: number,
  lead: boolean,
): Promise<void> {
  const [name, label] = [await communityName(db, communityId), await userLabel(db, userId)];
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: AuditAction.CoreMemberLeave,
    targetType: AuditTargetType.Community,
    targetId: communityId,
    summary: `${label} left ${name}, giving up their ${lead ? 'lead and ' : ''}core-member seat`,
    details: { userId, responsibleForCommunity: lead },
  });
}

/** An admin made a user's private calendar feed address stop working (only when there was one). */
export async function auditCalendarFeedRevoke(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  userId: number,
): Promise<void> {
  const label = await userLabel(db, userId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: AuditAction.UserCalendarFeedRevoke,
    targetType: AuditTargetType.User,
    targetId: userId,
    summary: `Revoked the calendar feed of ${label}`,
  });
}

/**
 * An organiser message sent: to an event's attendees (target the event) or a community's members
 * (target the community). The record says how many it went to, never who.
 */
export async function auditOrganiserMessage(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  message: { id: number; eventId: number | null; communityId: number; subject: string; audienceText: string },
  recipientCount: number,
): Promise<void> {
  const onEvent = message.eventId !== null;
  const target = onEvent ? await eventTitle(db, message.eventId!) : await communityName(db, message.communityId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: onEvent ? AuditAction.EventMessage : AuditAction.CommunityMessage,
    targetType: onEvent ? AuditTargetType.Event : AuditTargetType.Community,
    targetId: onEvent ? message.eventId! : message.communityId,
    summary: `Wrote "${message.subject}" to ${message.audienceText} of ${target} (${recipientCount} ${
      recipientCount === 1 ? 'person' : 'people'
    })`,
    details: { messageId: message.id, subject: message.subject, recipientCount },
  });
}

/** A person downloaded everything the product holds about them (issue 28): actor and subject are them. */
export async function auditDataExport(db: Db, userId: number): Promise<void> {
  await recordAudit(db, {
    actorUserId: userId,
    action: AuditAction.UserDataExport,
    targetType: AuditTargetType.User,
    targetId: userId,
    summary: `${await userLabel(db, userId)} downloaded their data`,
  });
}

/** An event's attendee list exported as CSV (issue 28): who exported what, and how many people it held. */
export async function auditAttendeesExport(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  eventId: number,
  attendees: number,
): Promise<void> {
  const title = await eventTitle(db, eventId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: AuditAction.AttendeesExport,
    targetType: AuditTargetType.Event,
    targetId: eventId,
    summary: `Exported the attendee list of ${title} (${attendees} ${attendees === 1 ? 'person' : 'people'})`,
    details: { title, attendees },
  });
}

/** Issue 28: a members-only community's invitation link made (any earlier one stops) or stopped. */
export async function auditInvitation(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  communityId: number,
  change: { made: true; mode: 'request' | 'join' } | { made: false },
): Promise<void> {
  const name = await communityName(db, communityId);
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action: change.made ? AuditAction.CommunityInvitationRenew : AuditAction.CommunityInvitationRevoke,
    targetType: AuditTargetType.Community,
    targetId: communityId,
    summary: change.made
      ? `Made a new invitation link to ${name} (${change.mode === 'join' ? 'joins at once' : 'asks the core members'})`
      : `Stopped the invitation link to ${name}`,
    details: change.made ? { mode: change.mode } : {},
  });
}

type JoinAction =
  | typeof AuditAction.CommunityInvitationJoin
  | typeof AuditAction.JoinRequestAsk
  | typeof AuditAction.JoinRequestApprove
  | typeof AuditAction.JoinRequestDecline;

/**
 * Issue 28: someone joined a community by its link, asked to, or had their request approved or
 * declined. `details.userId` names the person, so the row is theirs in their data export.
 */
export async function auditJoin(
  ctx: AppContext,
  request: FastifyRequest,
  db: Db,
  action: JoinAction,
  communityId: number,
  userId: number,
): Promise<void> {
  const [name, label] = [await communityName(db, communityId), await userLabel(db, userId)];
  const summary = {
    [AuditAction.CommunityInvitationJoin]: `${label} joined ${name} by its invitation link`,
    [AuditAction.JoinRequestAsk]: `${label} asked to join ${name}`,
    [AuditAction.JoinRequestApprove]: `Approved ${label}'s request to join ${name}`,
    [AuditAction.JoinRequestDecline]: `Declined ${label}'s request to join ${name}`,
  }[action];
  await recordAudit(db, {
    actorUserId: await actorOf(ctx, request),
    action,
    targetType: AuditTargetType.Community,
    targetId: communityId,
    summary,
    details: { userId },
  });
}
