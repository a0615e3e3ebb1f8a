import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys } from './query-keys';
import { segment } from './read-init';

/**
 * POST api/manage/events/{id}/attendees/exports (issue 28): records in the audit log that the caller
 * exports the event's attendee list; the screen saves the CSV only once this has succeeded.
 */
export function recordAttendeeExport(eventId: number): Promise<void> {
  return apiFetch<void>(`api/manage/events/${segment(eventId)}/attendees/exports`, { method: 'POST' });
}

export function useRecordAttendeeExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: recordAttendeeExport,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.auditAll() }),
  });
}
