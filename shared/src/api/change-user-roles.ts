import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys } from './query-keys';
import { segment } from './read-init';
import type { AdminUser, RolesInput } from '@hub/contract/admin';

/**
 * PUT api/admin/users/{id}/roles: the user's stored roles (Admin optional, exactly one of Capgemini
 * and External). An admin removing their own Admin role is refused with 409.
 */
export function changeUserRoles(id: number, roles: RolesInput['roles']): Promise<AdminUser> {
  return apiFetch<AdminUser>(`api/admin/users/${segment(id)}/roles`, {
    method: 'PUT',
    json: { roles } satisfies RolesInput,
  });
}

/** On success every users page (the user may move in or out of a role filter), the counts and the audit log are re-read. */
export function useChangeUserRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roles }: { id: number; roles: RolesInput['roles'] }) => changeUserRoles(id, roles),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.usersAll() }),
        client.invalidateQueries({ queryKey: adminKeys.stats() }),
        client.invalidateQueries({ queryKey: adminKeys.auditAll() }),
      ]),
  });
}
