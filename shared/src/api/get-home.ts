import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyHome, PublicHome } from '@hub/contract/home';
import { apiFetch } from '../http/api-fetch';
import { firstReadData } from '../http/first-reads';
import { apiPaths } from './api-paths';
import { eventKeys } from './query-keys';
import { readInit, type ReadOptions } from './read-init';

/** GET api/home: the featured event and the most active communities, the same for every visitor. */
export function getPublicHome(options?: ReadOptions): Promise<PublicHome> {
  return apiFetch<PublicHome>(apiPaths.publicHome, readInit(options));
}

/** Under the events' keys: attending or withdrawing changes what is featured. */
export const publicHomeQueryOptions = (options?: ReadOptions) =>
  queryOptions({
    queryKey: eventKeys.publicHome(),
    queryFn: () => getPublicHome(options),
    // The home's HTML came with it (drawn by the page server): the widgets draw it at once.
    initialData: firstReadData<PublicHome>(apiPaths.publicHome),
  });

/** The home's public part; both home widgets read it, one request between them. */
export function usePublicHome({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicHomeQueryOptions(), enabled });
}

/** GET api/user/home: the signed-in caller's communities' events and the communities they may like. */
export function getMyHome(options?: ReadOptions): Promise<MyHome> {
  return apiFetch<MyHome>('api/user/home', readInit(options));
}

/**
 * Under the events' keys, so attending one of the events it lists takes it off; the page reloads at
 * logout, so one user's home is never shown to the next.
 */
export const myHomeQueryOptions = (options?: ReadOptions) =>
  queryOptions({ queryKey: eventKeys.myHome(), queryFn: () => getMyHome(options) });

/** The caller's home; asks nothing while `enabled` is false (nobody signed in). */
export function useMyHome({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myHomeQueryOptions(), enabled });
}
