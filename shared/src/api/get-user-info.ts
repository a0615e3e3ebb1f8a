import { onlineManager, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { queryClient } from '../query/query-client';
import { hubStore } from '../store/hub-store';
import { userInfoAtom } from '../auth/auth-state';
import { fallbackUser, type UserInfo } from '../user/user-info';
import { userKeys } from './query-keys';

/** GET api/user: the signed-in user's info. */
export function getUserInfo(): Promise<UserInfo> {
  return apiFetch<UserInfo>('api/user');
}

/**
 * Never served from the cache (`staleTime: 0`): the user info must reflect the latest sync,
 * membership or profile change. Going through the query client still shares one request between
 * callers that ask at the same time. There is no `useUserInfo` hook: screens read `userInfoAtom`,
 * which the session flow and `refreshUserInfo` keep current.
 */
export const userInfoQueryOptions = () =>
  queryOptions({ queryKey: userKeys.info(), queryFn: getUserInfo, staleTime: 0 });

/** SPEC §8: a failed user data fetch gives the fallback anonymous user (apiFetch has logged it). */
export async function fetchUserInfo(): Promise<UserInfo> {
  // Offline, a read would wait for the network; the answer kept on the device is the best there is.
  const kept = queryClient.getQueryData<UserInfo>(userKeys.info());
  if (kept && !onlineManager.isOnline()) return kept;
  try {
    return await queryClient.fetchQuery(userInfoQueryOptions());
  } catch {
    return fallbackUser;
  }
}

/** SPEC §4 "a refresh of the user info can be triggered": loads it again and stores it in `userInfoAtom`. */
export async function refreshUserInfo(store = hubStore): Promise<UserInfo> {
  const user = await fetchUserInfo();
  store.set(userInfoAtom, user);
  return user;
}
