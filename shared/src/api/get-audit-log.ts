import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { adminKeys } from './query-keys';
import { definedEntries, searchParams } from './search-params';
import type { AuditLogPage, AuditLogQuery } from '@hub/contract/audit';

/**
 * GET api/admin/audit-log: privileged actions, newest first, filtered by action, actor, target and
 * time; paged by cursor (`before` = the previous page's `nextCursor`) because the log grows while
 * it is read.
 */
export function getAuditLog(query: AuditLogQuery): Promise<AuditLogPage> {
  return apiFetch<AuditLogPage>(`api/admin/audit-log${searchParams({ ...query })}`);
}

/** Asked afresh each time it is shown; the previous page stays on screen while the next loads. */
export const auditLogQueryOptions = (query: AuditLogQuery) => {
  const key = definedEntries(query);
  return queryOptions({
    queryKey: adminKeys.audit(key),
    queryFn: () => getAuditLog(key),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

export function useAuditLog(query: AuditLogQuery) {
  return useQuery(auditLogQueryOptions(query));
}
