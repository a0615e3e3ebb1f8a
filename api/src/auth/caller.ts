/**
 * Who is calling: resolved lazily (public routes never pay for token verification) and at most once
 * per request. Roles and core-member seats come from the database only, never from the token.
 */
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { Role } from '@hub/contract/enums';
import { effectiveRoles } from './roles.ts';

export interface CallerUser {
  id: number;
  uid: string;
  email: string;
  /** Effective roles (stored roles plus CoreMember when holding a seat). */
  roles: number[];
  coreSeats: { communityId: number; responsibleForCommunity: boolean }[];
}

export interface Caller {
  token: DecodedIdToken | null;
  user: CallerUser | null;
  /** Why a presented token was refused (firebase-admin error code), if it was. */
  rejectReason?: string;
}

const ANONYMOUS: Caller = { token: null, user: null };
const CALLER = Symbol('caller');

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function resolve(ctx: AppContext, request: FastifyRequest): Promise<Caller & { badToken: boolean }> {
  const raw = bearerToken(request);
  if (!raw) return { ...ANONYMOUS, badToken: request.headers.authorization !== undefined };
  // Firebase ID tokens are a few hundred bytes to ~2 KB; refuse absurd values before decoding.
  if (raw.length > 8192) return { ...ANONYMOUS, badToken: true };
  const verified = await ctx.identity.verify(raw);
  if (!verified.ok) return { ...ANONYMOUS, badToken: true, rejectReason: verified.reason };
  const token = verified.token;
  const user = await cachedCallerUser(ctx)(token.uid);
  return { token, user, badToken: false };
}

/**
 * The caller's row (roles, seats) under the read cache's rules: on PGlite it is kept until any write
 * is answered (a role change or a seat change is such a write) or for the cache's few seconds, so an
 * admin screen's requests do not each queue a lookup behind one another on PGlite's single session.
 * The token itself (signature, revocation, disabled) is still verified on every request. Off on
 * PostgreSQL, like the rest of the cache. The object is shared: nothing may change it.
 */
const callerReads = new WeakMap<AppContext['readCache'], (uid: string) => Promise<CallerUser | null>>();
function cachedCallerUser(ctx: AppContext): (uid: string) => Promise<CallerUser | null> {
  let read = callerReads.get(ctx.readCache);
  if (!read) {
    read = ctx.readCache.define('callerUser', (uid: string) => loadCallerUser(ctx, uid));
    callerReads.set(ctx.readCache, read);
  }
  return read;
}

export async function loadCallerUser(ctx: AppContext, uid: string): Promise<CallerUser | null> {
  const row = await ctx.db
    .selectFrom('appUser as u')
    .select([
      'u.id',
      'u.uid',
      'u.email',
      sql<
        number[]
      >`coalesce((select array_agg(r.role order by r.role) from user_role r where r.user_id = u.id), '{}')`.as(
        'storedRoles',
      ),
      sql<{ communityId: number; responsibleForCommunity: boolean }[]>`coalesce((
        select json_agg(json_build_object('communityId', c.community_id, 'responsibleForCommunity', c.responsible_for_community) order by c.community_id)
        from community_core_member c where c.user_id = u.id), '[]'::json)`.as('coreSeats'),
    ])
    .where('u.uid', '=', uid)
    .executeTakeFirst();
  if (!row || row.uid === null) return null;
  return {
    id: row.id,
    uid: row.uid,
    email: row.email,
    roles: effectiveRoles(row.storedRoles.map(Number), row.coreSeats.length > 0),
    coreSeats: row.coreSeats,
  };
}

function memo(ctx: AppContext, request: FastifyRequest): Promise<Caller & { badToken: boolean }> {
  const holder = request as FastifyRequest & { [CALLER]?: Promise<Caller & { badToken: boolean }> };
  holder[CALLER] ??= resolve(ctx, request);
  return holder[CALLER];
}

/** Anyone; an invalid token on a public route is ignored rather than refused. */
export async function optionalCaller(ctx: AppContext, request: FastifyRequest): Promise<Caller> {
  return memo(ctx, request);
}

/** The token, or why it was refused; never throws (sync answers codes, not statuses, for some refusals). */
export async function callerOrRejection(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Caller & { badToken: boolean }> {
  return memo(ctx, request);
}

/** A valid Firebase ID token, with or without a synced account (sync and e-mail routes). */
export async function requireToken(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Caller & { token: DecodedIdToken }> {
  const caller = await memo(ctx, request);
  if (!caller.token) throw unauthorized(caller.badToken ? 'Invalid or expired ID token' : 'Authentication required');
  return caller as Caller & { token: DecodedIdToken };
}

/** A signed-in user whose account exists in the database (synced at least once). */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<CallerUser> {
  const caller = await requireToken(ctx, request);
  if (!caller.user) throw forbidden('Your account is not set up yet: sign in again to synchronise it');
  return caller.user;
}

export const isAdmin = (user: CallerUser | null): boolean => !!user?.roles.includes(Role.Admin);
export const isCoreMemberOf = (user: CallerUser | null, communityId: number): boolean =>
  !!user?.coreSeats.some((s) => s.communityId === communityId);
export const isLeadOf = (user: CallerUser | null, communityId: number): boolean =>
  !!user?.coreSeats.some((s) => s.communityId === communityId && s.responsibleForCommunity);

export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<CallerUser> {
  const user = await requireUser(ctx, request);
  if (!isAdmin(user)) throw forbidden('Administrator access required');
  return user;
}

/** Admin, or core member (lead included) of the community. */
export async function requireCommunityManager(
  ctx: AppContext,
  request: FastifyRequest,
  communityId: number,
): Promise<CallerUser> {
  const user = await requireUser(ctx, request);
  if (!isAdmin(user) && !isCoreMemberOf(user, communityId))
    throw forbidden('Core member access to this community required');
  return user;
}

/** Admin, or lead of the community. */
export async function requireCommunityLead(
  ctx: AppContext,
  request: FastifyRequest,
  communityId: number,
): Promise<CallerUser> {
  const user = await requireUser(ctx, request);
  if (!isAdmin(user) && !isLeadOf(user, communityId))
    throw forbidden('Only the lead of this community or an administrator may do this');
  return user;
}
