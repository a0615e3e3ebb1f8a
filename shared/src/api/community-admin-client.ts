import { cacheKeys } from '../cache/cache-keys';
import { requestCache } from '../cache/request-cache';
import { apiFetch } from '../http/api-fetch';
import type { CommunityDetail, CommunityInput } from '@hub/contract/community';
import type { AppointCoreMemberInput, CoreMember, LeadFlagInput } from '@hub/contract/core-members';
import { CommunityBaseId } from '@hub/contract/enums';

/**
 * Community administration (api/src/routes/community.ts and core-members.ts): create (admin), edit
 * (a core member of it, or an admin) and core-member management (its lead, or an admin). Every write
 * clears the SPEC §7 cache keys whose answers it changed, so the next read shows the new state.
 */

const segment = (id: number | string) => encodeURIComponent(String(id));

/** POST api/community (admin) → the new community's detail. Its base's list and the overview change. */
export async function createCommunity(input: CommunityInput): Promise<CommunityDetail> {
  const created = await apiFetch<CommunityDetail>('api/community', { method: 'POST', json: input });
  requestCache.invalidateMany([cacheKeys.overview(), cacheKeys.communitiesOfBase(created.communityBaseId)]);
  return created;
}

/**
 * PUT api/community/{id} → the edited detail. The community, the overview and the list of its base
 * change; when the base itself moved, the old base's list changes too (so both bases are cleared).
 */
export async function updateCommunity(id: number, input: CommunityInput): Promise<CommunityDetail> {
  const updated = await apiFetch<CommunityDetail>(`api/community/${segment(id)}`, { method: 'PUT', json: input });
  requestCache.invalidateMany([
    cacheKeys.community(id),
    cacheKeys.overview(),
    cacheKeys.communitiesOfBase(CommunityBaseId.Community),
    cacheKeys.communitiesOfBase(CommunityBaseId.Network),
  ]);
  return updated;
}

/** GET api/community/{id}/core-members (a core member of it, or an admin). Not cached: it is an editing view. */
export function getManagedCoreMembers(communityId: number): Promise<CoreMember[]> {
  return apiFetch<CoreMember[]>(`api/community/${segment(communityId)}/core-members`);
}

/**
 * POST api/community/{id}/core-members {email} (the lead, or an admin). The person also becomes a
 * member, so the member count (community, base list, nothing in the overview) changes.
 */
export async function addCoreMember(
  communityId: number,
  email: string,
  responsibleForCommunity = false,
): Promise<CoreMember> {
  const added = await apiFetch<CoreMember>(`api/community/${segment(communityId)}/core-members`, {
    method: 'POST',
    json: { email, responsibleForCommunity } satisfies AppointCoreMemberInput,
  });
  forgetCoreMembersOf(communityId);
  return added;
}

/** PUT api/community/{id}/core-members/{userId} {responsibleForCommunity}: make someone the lead, or not. */
export async function setCoreMemberLead(
  communityId: number,
  userId: number,
  responsibleForCommunity: boolean,
): Promise<CoreMember> {
  const updated = await apiFetch<CoreMember>(`api/community/${segment(communityId)}/core-members/${segment(userId)}`, {
    method: 'PUT',
    json: { responsibleForCommunity } satisfies LeadFlagInput,
  });
  requestCache.invalidate(cacheKeys.community(communityId));
  return updated;
}

/** DELETE api/community/{id}/core-members/{userId}: they stay a member. */
export async function removeCoreMember(communityId: number, userId: number): Promise<void> {
  await apiFetch<void>(`api/community/${segment(communityId)}/core-members/${segment(userId)}`, { method: 'DELETE' });
  requestCache.invalidate(cacheKeys.community(communityId));
}

function forgetCoreMembersOf(communityId: number): void {
  const base = requestCache.peek<CommunityDetail>(cacheKeys.community(communityId))?.communityBaseId;
  const bases = base !== undefined ? [base] : [CommunityBaseId.Community, CommunityBaseId.Network];
  requestCache.invalidateMany([cacheKeys.community(communityId), ...bases.map((b) => cacheKeys.communitiesOfBase(b))]);
}
