import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { communityKeys } from './query-keys';
import { segment } from './read-init';
import type { CommunityDetail, CommunityInput } from '@hub/contract/community';

/** POST api/community (admin) → the new community's detail. */
export function createCommunity(input: CommunityInput): Promise<CommunityDetail> {
  return apiFetch<CommunityDetail>('api/community', { method: 'POST', json: input });
}

/** PUT api/community/{id} (a core member of it, or an admin) → the edited detail. */
export function updateCommunity(id: number, input: CommunityInput): Promise<CommunityDetail> {
  return apiFetch<CommunityDetail>(`api/community/${segment(id)}`, { method: 'PUT', json: input });
}

/**
 * Create (no `id`) or edit a community. Every community read may show it — the overview counts,
 * both bases' lists (an edit may move it to the other base), its detail — so all of
 * `communityKeys.all` is invalidated: screens showing one fetch again, the rest on their next use.
 */
export function useSaveCommunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CommunityInput }) =>
      id === undefined ? createCommunity(input) : updateCommunity(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: communityKeys.all }),
  });
}
