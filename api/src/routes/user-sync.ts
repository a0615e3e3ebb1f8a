/** `POST api/user/sync {msfAccessToken}` → a numeric sync code (see services/sync-user.ts). */
import { errors } from '@hub/contract/common';
import { SyncCode } from '@hub/contract/enums';
import { SyncAnswer, SyncInput } from '@hub/contract/user';
import { callerOrRejection, requireToken } from '../auth/caller.ts';
import { emptyBodyAsObject } from '../http/empty-body.ts';
import type { AppContext } from '../context.ts';
import type { App } from '../http/app-type.ts';
import { syncUser } from '../services/sync-user.ts';

export function userSyncRoutes(app: App, ctx: AppContext): void {
  app.post('/api/user/sync', {
    schema: {
      tags: ['user'],
      summary: 'Synchronise the signed-in Firebase account into the database',
      description:
        'Answers a sync code: 0 no sync needed, 1 user created, 2 user updated, 3 mappings created, 4 invalid auth user id, 5 invalid email, 6 error. ' +
        'A non-null msfAccessToken counts only for a sign-in with the work-account provider whose msfIdToken (the work ID token) verifies: ' +
        "signed by the work identity provider, for our client id, of one of the company's tenants, the same object id as the Graph /v1.0/me profile of msfAccessToken, " +
        "an address in the company's mail domains; then the user gets the Capgemini role. Anything else is 5 and changes nothing.",
      security: [{ bearer: [] }],
      body: SyncInput,
      response: { 200: SyncAnswer, ...errors(400, 401) },
    },
    preValidation: emptyBodyAsObject,
    handler: async (request) => {
      // A correctly signed token whose account was deleted or disabled is code 4, not 401.
      const seen = await callerOrRejection(ctx, request);
      if (seen.rejectReason === 'auth/user-not-found' || seen.rejectReason === 'auth/user-disabled')
        return SyncCode.InvalidAuthUserId;
      const caller = await requireToken(ctx, request);
      const { msfAccessToken, msfIdToken } = request.body;
      return syncUser(ctx, caller.token, { msfAccessToken, msfIdToken }, (msg, err) =>
        err ? request.log.warn({ err }, msg) : request.log.warn(msg),
      );
    },
  });
}
