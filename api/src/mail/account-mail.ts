/**
 * The account mails' two ends in the mail outbox (migration 0013): the row the request writes (the
 * kind and the address, nothing else), and the mail made from it when a worker sends it. The link
 * is made at send time, from Firebase, so no link (a credential) is stored and a retried mail
 * carries a fresh one; and that moment also says whether the mail is still to be sent: a
 * verification for an address verified (or an account deleted) since, a reset for an address
 * without an account, are closed unsent. The request answers the same either way, having only
 * written a row (no lookup whose time would tell whether the account exists).
 */
import type { Auth } from 'firebase-admin/auth';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { AccountMailKind, Database } from '../db/schema.ts';
import type { OutgoingMail } from './mailer.ts';
import { siteActionLink } from './site-action-link.ts';
import { accountVerificationMail } from './templates/account-verification.tsx';
import { passwordResetMail } from './templates/password-reset.tsx';

/** Writes one account mail to the outbox; the caller wakes the worker. */
export async function enqueueAccountMail(db: Kysely<Database>, kind: AccountMailKind, email: string): Promise<void> {
  await db.insertInto('eventMailOutbox').values({ kind, email, firstName: '', lastName: '' }).execute();
}

/** Firebase's answer for an address without an account. */
const noAccount = (error: unknown) =>
  ['auth/email-not-found', 'auth/user-not-found'].includes(String((error as { code?: unknown }).code));

export async function accountMailFor(
  kind: AccountMailKind,
  email: string,
  auth: Pick<Auth, 'getUserByEmail' | 'generateEmailVerificationLink' | 'generatePasswordResetLink'>,
  config: Pick<ApiConfig, 'siteUrl'>,
): Promise<{ mail: OutgoingMail } | { notSent: string }> {
  const settings = { url: `${config.siteUrl}/account/login` };
  if (kind === 'verification') {
    let verified: boolean;
    try {
      verified = (await auth.getUserByEmail(email)).emailVerified;
    } catch (error) {
      if (noAccount(error)) return { notSent: 'not sent: the account no longer exists' };
      throw error;
    }
    if (verified) return { notSent: 'not sent: the address was verified meanwhile' };
    const link = siteActionLink(await auth.generateEmailVerificationLink(email, settings), config.siteUrl);
    return { mail: { to: email, ...(await accountVerificationMail({ link })) } };
  }
  let firebaseLink: string;
  try {
    firebaseLink = await auth.generatePasswordResetLink(email, settings);
  } catch (error) {
    if (noAccount(error)) return { notSent: 'not sent: no account has this address' };
    throw error;
  }
  const link = siteActionLink(firebaseLink, config.siteUrl);
  return { mail: { to: email, ...(await passwordResetMail({ link })) } };
}
