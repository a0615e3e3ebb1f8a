import type { UseQueryResult } from '@tanstack/react-query';
import { toNormalisedError } from '../http/normalise-http-error';
import type { NormalisedError } from '../http/normalised-error';

/** What a screen needs of each query it combines. */
type Loaded = Pick<UseQueryResult<unknown, unknown>, 'isError' | 'error' | 'refetch'>;

/** The first failure among a screen's queries, normalised (SPEC §8), or null. */
export function firstFailure(...results: readonly Loaded[]): NormalisedError | null {
  const failed = results.find((r) => r.isError);
  return failed ? toNormalisedError(failed.error) : null;
}

/** A screen's Retry: asks again for what failed, and only that (the rest is still good). */
export function retryFailed(...results: readonly Loaded[]): void {
  for (const result of results) if (result.isError) void result.refetch();
}
