import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import type { CommunitySummary, MembershipAnswer } from '@hub/contract/community';
import { CommunityBaseId } from '@hub/contract/enums';

export interface MembershipChangeOptions {
  /** The community's base when the caller knows it; otherwise it is read from the cached community. */
  baseId?: number;
}

/** PUT api/communitymembership/{id} with an empty body (SPEC §7). A 404 means "gone, or already a member". */
export async function joinCommunity(
  communityId: number,
  options: MembershipChangeOptions = {},
): Promise<MembershipAnswer> {
  const answer = await apiFetch<MembershipAnswer>(membershipPath(communityId), { method: 'PUT' });
  forgetCommunity(communityId, options.baseId);
  return answer;
}

/** DELETE api/communitymembership/{id} (SPEC §7). A 404 means "gone, or not a member". */
export async function leaveCommunity(
  communityId: number,
  options: MembershipChangeOptions = {},
): Promise<MembershipAnswer> {
  const answer = await apiFetch<MembershipAnswer>(membershipPath(communityId), { method: 'DELETE' });
  forgetCommunity(communityId, options.baseId);
  return answer;
}

function membershipPath(communityId: number): string {
  return `api/communitymembership/${encodeURIComponent(String(communityId))}`;
}

/**
 * SPEC §7: after a membership change, clear that community, its base and the overview (member
 * counts changed in all three). With the base unknown, both bases are cleared: refetching one
 * list too many is cheaper than showing a stale count.
 */
function forgetCommunity(communityId: number, baseId: number | undefined): void {
  const knownBase = baseId ?? requestCache.peek<CommunitySummary>(cacheKeys.community(communityId))?.communityBaseId;
  const bases = knownBase !== undefined ? [knownBase] : [CommunityBaseId.Community, CommunityBaseId.Network];
  requestCache.invalidateMany([
    cacheKeys.community(communityId),
    cacheKeys.overview(),
    ...bases.flatMap((base) => [cacheKeys.communitiesOfBase(base), cacheKeys.communityBase(base)]),
  ]);
}
