import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { communityKeys, eventKeys } from './query-keys';
import { segment } from './read-init';
import type { CommunityDetail } from '@hub/contract/community';

/** POST api/community/{id}/archive or /restore (admin) → the community's detail, `archivedAt` set or null. */
export function setCommunityArchived(id: number, archived: boolean): Promise<CommunityDetail> {
  return apiFetch<CommunityDetail>(`api/community/${segment(id)}/${archived ? 'archive' : 'restore'}`, {
    method: 'POST',
  });
}

/**
 * Archive or restore a community or network (issue 27). It leaves or joins every list (the
 * overview counts, its base's list) and so do its events (the events list, home's widgets), so both
 * `communityKeys.all` and `eventKeys.all` are invalidated.
 */
export function useArchiveCommunity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => setCommunityArchived(id, archived),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: communityKeys.all }),
        client.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  });
}
