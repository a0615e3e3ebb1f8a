/**
 * The account mails' two ends on the mail job queue: the job the request queues (the kind and the
 * address, nothing else), and the mail made from it when its turn comes. The link
 * is made at send time, from Firebase, so no link (a credential) is stored and a retried mail
 * carries a fresh one; and that moment also says whether the mail is still to be sent: a
 * verification for an address verified (or an account deleted) since, a reset for an address
 * without an account, are closed unsent. The request answers the same either way, having only
 * queued a job (no lookup whose time would tell whether the account exists).
 */
import type { Auth } from 'firebase-admin/auth';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { enqueueMail } from '../jobs/enqueue.ts';
import type { MailJobMaker, MailJobs } from '../jobs/mail-jobs.ts';
import type { OutgoingMail } from './mailer.ts';
import { siteActionLink } from './site-action-link.ts';
import { accountVerificationMail } from './templates/account-verification.tsx';
import { passwordResetMail } from './templates/password-reset.tsx';

export type AccountMailKind = MailJobs['account']['kind'];

/** Queues one account mail; the caller wakes the job runner. */
export async function enqueueAccountMail(db: Kysely<Database>, kind: AccountMailKind, email: string): Promise<void> {
  await enqueueMail(db, 'account', { kind, email });
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

export const makeAccountMail: MailJobMaker<'account'> = async ({ kind, email }, { identity, config }) => {
  if (!identity) throw new Error('this process has no identity provider to make the link');
  return accountMailFor(kind, email, identity.auth, config);
};
