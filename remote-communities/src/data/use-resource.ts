import { useCallback, useEffect, useState } from 'react';
import { toNormalisedError, type CachedGetOptions, type NormalisedError } from '@hub/shared';

/** Loads the screen's data; `options.forceRefresh` is set by Retry so a failure is never served from the cache. */
export type Loader<T> = (options: CachedGetOptions) => Promise<T>;

export type ResourceState<T> =
  { status: 'loading' } | { status: 'error'; error: NormalisedError } | { status: 'ready'; data: T };

export interface Resource<T> {
  state: ResourceState<T>;
  /** After a failure: show the skeleton again and ask the API afresh. */
  retry: () => void;
  /** After a change elsewhere (join, leave): load again while still showing the current data. */
  reload: () => void;
}

interface Attempt {
  n: number;
  forceRefresh: boolean;
  quiet: boolean;
}

interface Settled<T> {
  load: Loader<T>;
  state: ResourceState<T>;
}

/**
 * The one way this area's screens load data. `load` must be memoised (useCallback) on what it
 * reads, such as a route parameter: a new `load` shows the skeleton and loads again.
 */
export function useResource<T>(load: Loader<T>): Resource<T> {
  const [attempt, setAttempt] = useState<Attempt>({ n: 0, forceRefresh: false, quiet: false });
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    let current = true;
    if (!attempt.quiet) setSettled(null);
    load({ forceRefresh: attempt.forceRefresh }).then(
      (data) => {
        if (current) setSettled({ load, state: { status: 'ready', data } });
      },
      (error: unknown) => {
        if (current) setSettled({ load, state: { status: 'error', error: toNormalisedError(error) } });
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((a) => ({ n: a.n + 1, forceRefresh: true, quiet: false })), []);
  const reload = useCallback(() => setAttempt((a) => ({ n: a.n + 1, forceRefresh: false, quiet: true })), []);
  // Data settled for another `load` (another id) is never shown for this one.
  const state: ResourceState<T> = settled && settled.load === load ? settled.state : { status: 'loading' };
  return { state, retry, reload };
}
