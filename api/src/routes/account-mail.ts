/**
 * Account e-mails: the verification link after registration and the password-reset link. Both are
 * rate-limited per account or e-mail address, with a higher ceiling per client address
 * (http/account-mail-limits.ts); reset answers the same whether or not the address has an account.
 */
import { ResetPasswordInput } from '@hub/contract/account';
import { errors, Message } from '@hub/contract/common';
import { callerOrRejection, requireToken } from '../auth/caller.ts';
import type { AppContext } from '../context.ts';
import { conflict } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import { accountMailLimit } from '../http/account-mail-limits.ts';
import { siteActionLink } from '../mail/site-action-link.ts';

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
  const continueUrl = `${ctx.config.siteUrl}/account/login`;

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
      const link = siteActionLink(
        await ctx.identity.auth.generateEmailVerificationLink(record.email, { url: continueUrl }),
        ctx.config.siteUrl,
      );
      await ctx.mailer.send({
        to: record.email,
        subject: 'Confirm your e-mail address',
        text: `Welcome to Community Hub.\n\nConfirm your e-mail address by opening this link:\n${link}\n`,
      });
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
      const email = request.body.email.trim();
      // Not awaited: answering only after the lookup would reveal through timing whether the account exists.
      void (async () => {
        try {
          const link = siteActionLink(
            await ctx.identity.auth.generatePasswordResetLink(email, { url: continueUrl }),
            ctx.config.siteUrl,
          );
          await ctx.mailer.send({
            to: email,
            subject: 'Reset your password',
            text: `Someone asked to reset the password of your Community Hub account.\n\nChoose a new password here:\n${link}\n\nIf this was not you, ignore this e-mail.\n`,
          });
        } catch (error) {
          if (
            (error as { code?: string }).code !== 'auth/email-not-found' &&
            (error as { code?: string }).code !== 'auth/user-not-found'
          ) {
            request.log.warn({ err: error }, 'password reset mail failed');
          }
        }
      })();
      return { message: RESET_ANSWER };
    },
  });
}
