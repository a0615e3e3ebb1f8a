import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommunityAudienceCount,
  CommunityMessageInput,
  EventAudienceCounts,
  EventMessageInput,
  OrganiserMessageList,
  SentOrganiserMessage,
} from '@hub/contract/organiser-messages';
import { apiFetch } from '../http/api-fetch';
import { apiPaths, fillApiPath } from './api-paths';
import { messageKeys } from './query-keys';

/**
 * Organiser messages (api/src/routes/organiser-messages.ts): the "Updates from the organisers" of an
 * event or a community, the audience counts the compose dialog shows, and sending. One file because
 * the calls are one resource, `api/{events|community}/{id}/messages`, and a send changes its keys.
 */
export type MessageTarget = { kind: 'event'; id: number } | { kind: 'community'; id: number };

const base = (target: MessageTarget) =>
  fillApiPath(target.kind === 'event' ? apiPaths.eventMessages : apiPaths.communityMessages, { id: target.id });

/** GET api/events/{id}/messages or api/community/{id}/messages: public, newest first. */
export function getOrganiserMessages(target: MessageTarget): Promise<OrganiserMessageList> {
  return apiFetch<OrganiserMessageList>(base(target));
}

export const organiserMessagesQueryOptions = (target: MessageTarget) =>
  queryOptions({ queryKey: messageKeys.list(target.kind, target.id), queryFn: () => getOrganiserMessages(target) });

export function useOrganiserMessages(target: MessageTarget) {
  return useQuery(organiserMessagesQueryOptions(target));
}

/** GET api/events/{id}/messages/audiences: asked afresh each time the dialog opens (people attend meanwhile). */
export function useEventAudienceCounts(eventId: number, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.audience('event', eventId),
    queryFn: () => apiFetch<EventAudienceCounts>(`${base({ kind: 'event', id: eventId })}/audiences`),
    staleTime: 0,
    enabled,
  });
}

/** GET api/community/{id}/messages/audience: how many members an announcement reaches. */
export function useCommunityAudienceCount(communityId: number, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.audience('community', communityId),
    queryFn: () => apiFetch<CommunityAudienceCount>(`${base({ kind: 'community', id: communityId })}/audience`),
    staleTime: 0,
    enabled,
  });
}

export type OrganiserMessageSend =
  | { target: { kind: 'event'; id: number }; input: EventMessageInput }
  | { target: { kind: 'community'; id: number }; input: CommunityMessageInput };

/** POST …/messages: sends; on success the list of that event or community is read again. */
export function sendOrganiserMessage({ target, input }: OrganiserMessageSend): Promise<SentOrganiserMessage> {
  return apiFetch<SentOrganiserMessage>(base(target), { method: 'POST', json: input });
}

export function useSendOrganiserMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendOrganiserMessage,
    onSuccess: (_answer, { target }) =>
      client.invalidateQueries({ queryKey: messageKeys.list(target.kind, target.id) }),
  });
}
