import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import type {
  Invitation,
  InvitationAnswer,
  InvitationMode,
  InvitationStatus,
  InvitationView,
  JoinRequestDecision,
  PendingJoinRequestList,
} from '@hub/contract/community-invitations';
import { afterMembershipChange } from './change-membership';
import { communityKeys, invitationKeys } from './query-keys';
import { segment } from './read-init';

/**
 * Issue 28, members-only communities (api/src/routes/community-invitations.ts): the invitation link
 * a core member makes and shares, the page a signed-in person opens it on, and the core members'
 * pending requests. None of it is kept in the offline copy of the query data (invitationKeys).
 */

/** GET api/community-invitations/{token}: the community's face and where the caller stands (404: the link does not work). */
export function getInvitationView(token: string): Promise<InvitationView> {
  return apiFetch<InvitationView>(`api/community-invitations/${segment(token)}`);
}

export function useInvitationView(token: string) {
  return useQuery({ queryKey: invitationKeys.view(token), queryFn: () => getInvitationView(token) });
}

/**
 * POST api/community-invitations/{token}: joins at once or asks, as the link says. Once answered,
 * the link's view is read again, and a new member's community, its lists and the user info (their
 * memberships) are refreshed, as after joining from the page.
 */
export function useAnswerInvitation(token: string, baseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<InvitationAnswer>(`api/community-invitations/${segment(token)}`, { method: 'POST' }),
    onSuccess: async (answer) => {
      if (answer.outcome === 'member')
        await afterMembershipChange(client, { action: 'join', communityId: answer.communityId, baseId });
      await client.invalidateQueries({ queryKey: invitationKeys.view(token) });
    },
  });
}

/** GET api/community/{id}/invitation: whether the link exists, what it does, since when (core members, admins). */
export function getInvitationStatus(communityId: number): Promise<InvitationStatus> {
  return apiFetch<InvitationStatus>(`api/community/${segment(communityId)}/invitation`);
}

export function useInvitationStatus(communityId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invitationKeys.status(communityId),
    queryFn: () => getInvitationStatus(communityId),
    enabled,
  });
}

/**
 * A new link (POST) or none (DELETE). The secret stays in the mutation's answer, shown once by the
 * panel that asked for it; the cache learns only the link's status.
 */
export function useChangeInvitation(communityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { mode: InvitationMode } | { stop: true }) =>
      'stop' in change
        ? apiFetch<InvitationStatus>(`api/community/${segment(communityId)}/invitation`, { method: 'DELETE' }).then(
            () => null,
          )
        : apiFetch<Invitation>(`api/community/${segment(communityId)}/invitation`, {
            method: 'POST',
            json: { mode: change.mode },
          }),
    onSuccess: (made) =>
      client.setQueryData<InvitationStatus>(
        invitationKeys.status(communityId),
        made
          ? { active: true, mode: made.mode, createdAt: made.createdAt }
          : { active: false, mode: null, createdAt: null },
      ),
  });
}

/** GET api/community/{id}/join-requests: the pending requests, oldest first (core members, admins). */
export function getJoinRequests(communityId: number): Promise<PendingJoinRequestList> {
  return apiFetch<PendingJoinRequestList>(`api/community/${segment(communityId)}/join-requests`);
}

export function useJoinRequests(communityId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: invitationKeys.requests(communityId),
    queryFn: () => getJoinRequests(communityId),
    enabled,
  });
}

/** Approve or decline one request; the list and the community (its member count) are read again. */
export function useAnswerJoinRequest(communityId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, approve }: { requestId: number; approve: boolean }) =>
      apiFetch<JoinRequestDecision>(
        `api/community/${segment(communityId)}/join-requests/${segment(requestId)}/${approve ? 'approve' : 'decline'}`,
        { method: 'POST' },
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: invitationKeys.requests(communityId) }),
        client.invalidateQueries({ queryKey: communityKeys.detail(communityId) }),
      ]),
  });
}
