import { apiFetch, type ApiFetchInit } from '../http/api-fetch';
import type { ResetPasswordInput } from '@hub/contract/account';
import type { Message } from '@hub/contract/common';
import type { SyncCode } from '@hub/contract/enums';
import type { SyncInput } from '@hub/contract/user';

/**
 * The user writes of SPEC §7 that the identity flow calls outside React (sync, e-mail
 * confirmation, password reset). Nothing here is cached; GET api/user is in get-user-info.ts,
 * PUT api/user in update-user-profile.ts.
 */

/**
 * POST api/user/sync {msfAccessToken} → SPEC §3's numeric sync code (0 no sync needed … 6 error).
 * A work sign-in adds its ID token (`msfIdToken`), which the API verifies before the access token
 * counts. `timeoutMs` is there for the session flow's 5000 ms limit (SPEC §9).
 */
export function syncUser(
  work: { msfAccessToken: string | null; msfIdToken?: string | null },
  options: Pick<ApiFetchInit, 'timeoutMs' | 'signal'> = {},
): Promise<SyncCode> {
  const { msfAccessToken, msfIdToken } = work;
  return apiFetch<SyncCode>('api/user/sync', {
    ...options,
    method: 'POST',
    json: { msfAccessToken, ...(msfAccessToken && msfIdToken ? { msfIdToken } : {}) } satisfies SyncInput,
  });
}

/** POST api/user/activate-account with an empty body: (re)sends the e-mail confirmation. */
export function sendEmailConfirmation(): Promise<Message> {
  return apiFetch<Message>('api/user/activate-account', { method: 'POST' });
}

/** POST api/user/reset-password {email}: the answer is the same whether or not the address exists. */
export function requestPasswordReset(email: string): Promise<Message> {
  return apiFetch<Message>('api/user/reset-password', { method: 'POST', json: { email } satisfies ResetPasswordInput });
}
