import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type { UserInfo } from '../user/user-info';
import { refreshUserInfo } from './get-user-info';

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

/** Saves the profile, then refreshes the user info everyone reads (`userInfoAtom`). */
export function useUpdateUserProfile() {
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: () => refreshUserInfo(),
  });
}
