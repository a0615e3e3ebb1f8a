/**
 * The signed token of a one-click unsubscribe link (RFC 8058): it names the person, the kind of mail
 * and optionally the community whose news it stops, signed with HMAC-SHA256 (a JWS made with jose)
 * under HUB_UNSUBSCRIBE_SECRET, so the link works without signing in and cannot be changed to stop
 * someone else's mails. It does not expire: a mail read a year later must still stop its kind, and
 * all it can do is stop (or restart) that one kind of its one person's mail.
 */
import { MailKind } from '@hub/contract/mail-preferences';
import { Value } from '@sinclair/typebox/value';
import { jwtVerify, SignJWT } from 'jose';
import { badRequest } from '../../errors.ts';

export interface UnsubscribeTarget {
  userId: number;
  kind: MailKind;
  /** With community news: stops only this community's news. */
  communityId?: number;
}

const AUDIENCE = 'hub-unsubscribe';
const key = (secret: string) => new TextEncoder().encode(secret);

export async function signUnsubscribeToken(target: UnsubscribeTarget, secret: string): Promise<string> {
  return new SignJWT({ kind: target.kind, ...(target.communityId === undefined ? {} : { cid: target.communityId }) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(target.userId))
    .setAudience(AUDIENCE)
    .sign(key(secret));
}

const INVALID =
  'This unsubscribe link is not valid: it was changed or cut short. Open it again from the mail, or change your mail preferences in My account.';

/** The target a token names; a token that was changed, cut or not signed here is a 400 with a clear message. */
export async function readUnsubscribeToken(token: string, secret: string): Promise<UnsubscribeTarget> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'], audience: AUDIENCE }));
  } catch {
    throw badRequest(INVALID);
  }
  const userId = Number(payload['sub']);
  const kind = payload['kind'];
  const communityId = payload['cid'];
  if (
    !Number.isSafeInteger(userId) ||
    userId < 1 ||
    !Value.Check(MailKind, kind) ||
    (communityId !== undefined && !(Number.isSafeInteger(communityId) && (communityId as number) >= 1))
  )
    throw badRequest(INVALID);
  return { userId, kind, ...(communityId === undefined ? {} : { communityId: communityId as number }) };
}
