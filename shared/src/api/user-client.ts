import { apiFetch, type ApiFetchInit } from '../http/api-fetch';
import type { UserInfo } from '../user/user-info';
import type { MessageAnswer } from './types';

/**
 * The user endpoints of SPEC §7. None is cached: the user info must reflect the latest sync,
 * membership or profile change, and the others are writes.
 */

/** GET api/user: the signed-in user's info. */
export function getUserInfo(): Promise<UserInfo> {
  return apiFetch<UserInfo>('api/user');
}

/**
 * POST api/user/sync {msfAccessToken} → SPEC §3's numeric sync code (0 no sync needed … 6 error).
 * `timeoutMs` is there for the session flow's 5000 ms limit (SPEC §9).
 */
export function syncUser(
  msfAccessToken: string | null,
  options: Pick<ApiFetchInit, 'timeoutMs' | 'signal'> = {},
): Promise<number> {
  return apiFetch<number>('api/user/sync', { ...options, method: 'POST', json: { msfAccessToken } });
}

/** POST api/user/activate-account with an empty body: (re)sends the e-mail confirmation. */
export function sendEmailConfirmation(): Promise<MessageAnswer> {
  return apiFetch<MessageAnswer>('api/user/activate-account', { method: 'POST' });
}

/** POST api/user/reset-password {email}: the answer is the same whether or not the address exists. */
export function requestPasswordReset(email: string): Promise<MessageAnswer> {
  return apiFetch<MessageAnswer>('api/user/reset-password', { method: 'POST', json: { email } });
}

/** The body of PUT api/user (the API's `ProfileInput`, api/src/routes/user.ts). */
export interface UserProfileUpdate {
  /** 1–100 characters, not blank */
  firstName: string;
  /** 1–100 characters, not blank */
  lastName: string;
  /** At most 40 characters of digits, spaces and + ( ) - . / ; may be empty. */
  phoneNumber: string;
  /** 1–100 characters, not blank; null for none. */
  city: string | null;
  /** An id from GET api/bunit, or null for none. */
  businessUnitId: number | null;
  /** Left out to keep the current image. */
  imageURL?: string;
}

/** PUT api/user: saves the caller's own profile and answers with the updated user info. */
export function updateUserProfile(profile: UserProfileUpdate): Promise<UserInfo> {
  return apiFetch<UserInfo>('api/user', { method: 'PUT', json: profile });
}
