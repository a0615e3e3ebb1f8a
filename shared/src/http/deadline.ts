/**
 * One abort signal for a request: the caller's own signal, plus an optional time limit. Knowing
 * which of the two fired lets apiFetch tell a timeout from a cancellation.
 */
export interface Deadline {
  readonly signal: AbortSignal | undefined;
  readonly timedOut: boolean;
  /** Rejects when the signal aborts, so a stalled promise (fetch or body read) cannot outlive it. */
  race<T>(work: Promise<T>): Promise<T>;
  dispose(): void;
}

export function startDeadline(outer: AbortSignal | null | undefined, timeoutMs: number | undefined): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const forwardAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) forwardAbort();
  else outer?.addEventListener('abort', forwardAbort, { once: true });

  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`The request took longer than ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs);

  const aborted = new Promise<never>((_, reject) => {
    const rejectWithReason = () => reject(controller.signal.reason);
    if (controller.signal.aborted) rejectWithReason();
    else controller.signal.addEventListener('abort', rejectWithReason, { once: true });
  });
  // The race is not always awaited (the work may win); keep the loser from being "unhandled".
  aborted.catch(() => undefined);

  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    race: (work) => Promise.race([work, aborted]),
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', forwardAbort);
    },
  };
}
