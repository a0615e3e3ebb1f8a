import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { refreshUserInfo } from './get-user-info';
import { communityKeys } from './query-keys';
import { segment } from './read-init';
import type { AppointCoreMemberInput, CoreMember, LeadFlagInput } from '@hub/contract/core-members';

/**
 * Core-member management of one community (api/src/routes/core-members.ts): its lead or an admin
 * appoints by e-mail, removes, and chooses the lead. One file because the four calls are one
 * resource, `api/community/{id}/core-members`, and every write changes the same keys.
 */

const path = (communityId: number, userId?: number) =>
  `api/community/${segment(communityId)}/core-members${userId === undefined ? '' : `/${segment(userId)}`}`;

/** GET api/community/{id}/core-members (a core member of it, or an admin). */
export function getManagedCoreMembers(communityId: number): Promise<CoreMember[]> {
  return apiFetch<CoreMember[]>(path(communityId));
}

/** An editing view: always asked afresh when shown (`staleTime: 0`), still shared by concurrent readers. */
export const managedCoreMembersQueryOptions = (communityId: number) =>
  queryOptions({
    queryKey: communityKeys.coreMembers(communityId),
    queryFn: () => getManagedCoreMembers(communityId),
    staleTime: 0,
  });

export function useManagedCoreMembers(communityId: number) {
  return useQuery(managedCoreMembersQueryOptions(communityId));
}

export type CoreMemberChange =
  /** POST {email, responsibleForCommunity: lead}: the person also becomes a member (`lead`: its lead too). */
  | { kind: 'add'; email: string; lead?: boolean }
  /** PUT {responsibleForCommunity: true} for `userId`, then false for each of `stepDown` (one lead). */
  | { kind: 'make-lead'; userId: number; stepDown: readonly number[] }
  /** DELETE: they stay a member. */
  | { kind: 'remove'; userId: number };

const setLead = (communityId: number, userId: number, responsibleForCommunity: boolean) =>
  apiFetch<CoreMember>(path(communityId, userId), {
    method: 'PUT',
    json: { responsibleForCommunity } satisfies LeadFlagInput,
  });

export async function changeCoreMembers(communityId: number, change: CoreMemberChange): Promise<void> {
  switch (change.kind) {
    case 'add':
      await apiFetch(path(communityId), {
        method: 'POST',
        json: { email: change.email, responsibleForCommunity: change.lead ?? false } satisfies AppointCoreMemberInput,
      });
      return;
    case 'make-lead':
      await setLead(communityId, change.userId, true);
      for (const other of change.stepDown) await setLead(communityId, other, false);
      return;
    case 'remove':
      await apiFetch(path(communityId, change.userId), { method: 'DELETE' });
      return;
  }
}

/**
 * On success the community's detail (its core members, its member count), the lists of the
 * bases (the count) and the managers' view are invalidated, and the user info is refreshed:
 * seats decide permissions (the header's Manage, the edit form itself).
 */
export function useChangeCoreMembers(communityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CoreMemberChange) => changeCoreMembers(communityId, change),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: communityKeys.detail(communityId) }),
        client.invalidateQueries({ queryKey: communityKeys.coreMembers(communityId) }),
        client.invalidateQueries({ queryKey: [...communityKeys.all, 'of-base'] }),
        refreshUserInfo(),
      ]),
  });
}
