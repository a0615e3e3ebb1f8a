import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { communityOverviewQueryOptions } from './get-community-overview';
import { communityQueryOptions } from './get-community';
import { communitiesOfBaseQueryOptions } from './get-communities-of-base';
import { refreshUserInfo } from './get-user-info';
import { communityBaseKeys } from './query-keys';
import { refetchFromServer } from './refetch-from-server';
import { segment } from './read-init';
import type { MembershipAnswer } from '@hub/contract/community';

export type MembershipAction = 'join' | 'leave';

export interface MembershipChange {
  action: MembershipAction;
  communityId: number;
  /** The community's base (1 or 2): its list's member counts change too. */
  baseId: number;
}

/** PUT (join) or DELETE (leave) api/communitymembership/{id}, empty body (SPEC §7). A 404 means "gone, or already so". */
export function changeMembership({ action, communityId }: Pick<MembershipChange, 'action' | 'communityId'>) {
  return apiFetch<MembershipAnswer>(`api/communitymembership/${segment(communityId)}`, {
    method: action === 'join' ? 'PUT' : 'DELETE',
  });
}

/**
 * SPEC §7: after a membership change the community, its base and the overview are cleared (their
 * member counts changed); they are re-read from the API itself, and the user info is refreshed
 * (SPEC §4: the memberships and the core-member rights live there). Resolves when all of that
 * has settled, so the caller's button shows the new state together with the new counts.
 */
export async function afterMembershipChange(client: QueryClient, { communityId, baseId }: MembershipChange) {
  await Promise.all([
    refetchFromServer(client, {
      stale: [communityBaseKeys.detail(baseId)],
      reads: [
        communityQueryOptions(communityId, { fromServer: true }),
        communitiesOfBaseQueryOptions(baseId, { fromServer: true }),
        communityOverviewQueryOptions({ fromServer: true }),
      ],
    }),
    refreshUserInfo(),
  ]);
}

/** Join or leave; on success the keys above are refreshed before the mutation settles. */
export function useChangeMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: MembershipChange) => changeMembership(change),
    onSuccess: (_answer, change) => afterMembershipChange(client, change),
  });
}
