import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoAtom } from '../auth/auth-state';
import { apiFetch } from '../http/api-fetch';
import { hubStore } from '../store/hub-store';
import type { UserInfo } from '../user/user-info';
import { userKeys } from './query-keys';

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

/**
 * Saves the profile. The answer is the whole updated user info, so it becomes the user info
 * everyone reads (`userInfoAtom`: header, guards, screens) without asking GET api/user again.
 */
export function useUpdateUserProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: (updated) => {
      client.setQueryData(userKeys.info(), updated);
      hubStore.set(userInfoAtom, updated);
    },
  });
}
