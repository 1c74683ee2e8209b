/** Why a call stopped before its answer: our own clock, or the caller's signal. */
export type StopCause = 'timeout' | 'cancelled';

export interface Deadline {
  readonly signal: AbortSignal;
  /** Set once the call has been stopped. */
  cause(): StopCause | undefined;
  /**
   * Settles with `work`, or rejects as soon as the call is stopped: a fetch (or a body read)
   * that ignores its signal must not hold the call past its budget.
   */
  race<T>(work: Promise<T>): Promise<T>;
  dispose(): void;
}

export function startDeadline(timeoutMs: number, external?: AbortSignal): Deadline {
  const controller = new AbortController();
  let cause: StopCause | undefined;
  const stop = (why: StopCause) => {
    if (cause) return;
    cause = why;
    controller.abort();
  };
  const onExternalAbort = () => stop('cancelled');
  const timer = setTimeout(() => stop('timeout'), timeoutMs);
  if (external?.aborted) stop('cancelled');
  else external?.addEventListener('abort', onExternalAbort, { once: true });

  const stopped = new Promise<never>((_, reject) => {
    if (controller.signal.aborted) reject(new Error('stopped'));
    else controller.signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
  });
  // Only ever observed through race(); without this an unraced stop would be an unhandled rejection.
  stopped.catch(() => undefined);

  return {
    signal: controller.signal,
    cause: () => cause,
    race: (work) => Promise.race([work, stopped]),
    dispose() {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    },
  };
}
