import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys } from './query-keys';
import { segment } from './read-init';
import type { CalendarFeedRevokeAnswer } from '@hub/contract/admin';

/**
 * DELETE api/admin/users/{id}/calendar-feed (admins): the user's private calendar feed address stops
 * working at once. `revoked` is false when the user had none.
 */
export function revokeCalendarFeed(userId: number): Promise<CalendarFeedRevokeAnswer> {
  return apiFetch<CalendarFeedRevokeAnswer>(`api/admin/users/${segment(userId)}/calendar-feed`, { method: 'DELETE' });
}

/** On success the audit log is re-read (a revoke is recorded there). */
export function useRevokeCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => revokeCalendarFeed(userId),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.auditAll() }),
  });
}
