/**
 * Account e-mails: the verification link after registration and the password-reset link. Both are
 * rate-limited per account or e-mail address, with a higher ceiling per client address
 * (http/account-mail-limits.ts), and go through the mail job queue (mail/account-mail.ts), under the
 * global send rate with retries; reset answers the same whether or not the address has an account.
 */
import { ResetPasswordInput } from '@hub/contract/account';
import { errors, Message } from '@hub/contract/common';
import { callerOrRejection, requireToken } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { conflict } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { accountMailLimit } from '../http/account-mail-limits.ts';
import { enqueueAccountMail } from '../mail/account-mail.ts';

export const RESET_ANSWER =
  'If an account exists for this address, an e-mail with a link to reset the password has been sent.';

export function accountMailRoutes(app: App, ctx: AppContext): void {
  const limits = ctx.config.accountMailRateLimit;
  // The token is verified once per request (memoised), here before the handler.
  const activateLimit = accountMailLimit(app, limits, 'activate-account', async (request) => {
    const caller = await callerOrRejection(ctx, request);
    return caller.token?.uid ?? null;
  });
  const resetLimit = accountMailLimit(app, limits, 'reset-password', (request) => {
    const body = request.body as { email?: unknown } | undefined;
    return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : null;
  });

  app.post('/api/user/activate-account', {
    preHandler: activateLimit,
    schema: {
      tags: ['user'],
      summary: 'Send the e-mail verification link to the signed-in (not yet verified) user',
      security: [{ bearer: [] }],
      response: { 200: Message, ...errors(401, 409, 429) },
    },
    handler: async (request) => {
      const { token } = await requireToken(ctx, request);
      const record = await ctx.identity.auth.getUser(token.uid).catch(() => null);
      if (!record?.email) throw conflict('This account has no e-mail address');
      if (record.emailVerified) throw conflict('This e-mail address is already verified');
      // The link is made when the mail is sent (and again for a retry): see mail/account-mail.ts.
      await enqueueAccountMail(ctx.db, 'verification', record.email);
      ctx.mailJobs.wake();
      return { message: 'A verification e-mail has been sent.' };
    },
  });

  app.post('/api/user/reset-password', {
    preHandler: resetLimit,
    schema: {
      tags: ['user'],
      summary: 'Send a password-reset link; the answer never tells whether the address has an account',
      body: ResetPasswordInput,
      response: { 200: Message, ...errors(400, 429) },
    },
    handler: async (request) => {
      // Only a row is written, the same for every address: whether an account exists is found out
      // when the mail is made, after the answer, so its time tells nothing.
      await enqueueAccountMail(ctx.db, 'password-reset', request.body.email.trim());
      ctx.mailJobs.wake();
      return { message: RESET_ANSWER };
    },
  });
}
