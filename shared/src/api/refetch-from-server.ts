import { hashKey, type QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { logger } from '../logging/logger';

interface ServerRead {
  queryKey: QueryKey;
  /** The read with `fromServer: true`, so no HTTP cache on the way answers with the old state. */
  queryFn?: QueryFunction<unknown, never>;
}

/**
 * After one of our writes: marks `stale` keys stale (every screen showing one fetches it again,
 * the rest on their next use) and re-reads `reads` from the API itself, storing the answers under
 * their keys so every reader (lists, detail, header, widgets) sees the new state at once. A read
 * already under way is cancelled first: it may have been answered by an HTTP cache before the
 * change. Failures are only logged: the key stays stale and its next reader asks again.
 */
export async function refetchFromServer(
  client: QueryClient,
  { stale = [], reads }: { stale?: readonly QueryKey[]; reads: readonly ServerRead[] },
): Promise<void> {
  await Promise.all(
    [...stale, ...reads.map((r) => r.queryKey)].map((queryKey) =>
      client.invalidateQueries({ queryKey, refetchType: 'none' }),
    ),
  );
  const results = await Promise.allSettled(
    reads.map(async ({ queryKey, queryFn }) => {
      await client.cancelQueries({ queryKey, exact: true });
      return client.fetchQuery({ queryKey, queryFn: queryFn as QueryFunction, staleTime: 0 });
    }),
  );
  for (const result of results) {
    if (result.status === 'rejected') logger.warn('Re-reading data after a change failed.', result.reason);
  }
  // Whatever else is shown (stale keys not re-read above) fetches again now; a key just re-read
  // is left out even when a stale prefix covers it (the event under eventKeys.all), so it is not asked twice.
  const reRead = new Set(reads.map((r) => hashKey(r.queryKey)));
  await Promise.all(
    stale.map((queryKey) =>
      client.refetchQueries({ queryKey, type: 'active', predicate: (query) => !reRead.has(query.queryHash) }),
    ),
  );
}
