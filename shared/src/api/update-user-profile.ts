import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoAtom } from '../auth/auth-state';
import { apiFetch } from '../http/api-fetch';
import { hubStore } from '../store/hub-store';
import type { ProfileInput, UserInfo } from '@hub/contract/user';
import { userKeys } from './query-keys';

/** PUT api/user: saves the caller's own profile and answers with the updated user info. */
export function updateUserProfile(profile: ProfileInput): Promise<UserInfo> {
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
