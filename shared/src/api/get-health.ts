import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../http/api-fetch';
import { opsKeys } from './query-keys';
import type { Health } from '@hub/contract/ops';

/** GET api/health: the API answers and names its database (PGlite or PostgreSQL). */
export function getHealth(): Promise<Health> {
  return apiFetch<Health>('api/health', { cache: 'no-store', timeoutMs: 10_000 });
}

/** A status is only worth showing fresh: asked each time it is shown, never served from the cache. */
export const healthQueryOptions = () => queryOptions({ queryKey: opsKeys.health(), queryFn: getHealth, staleTime: 0 });

export function useHealth() {
  return useQuery(healthQueryOptions());
}
