import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys, eventKeys } from './query-keys';
import { segment } from './read-init';

/** DELETE api/admin/users/{id}: an admin deletes someone's account as its owner can (issue 28; audited). */
export function deleteUserAccount(id: number): Promise<void> {
  return apiFetch<void>(`api/admin/users/${segment(id)}`, { method: 'DELETE' });
}

/** On success the users pages, the counts, the audit log and the events' seat counts are re-read. */
export function useDeleteUserAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUserAccount,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.usersAll() }),
        client.invalidateQueries({ queryKey: adminKeys.stats() }),
        client.invalidateQueries({ queryKey: adminKeys.auditAll() }),
        client.invalidateQueries({ queryKey: eventKeys.all }),
      ]),
  });
}
