import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ask } from '@/components/platform/useBackground';
import { sendMessage } from '@/lib/contracts/messenger';
import { attemptLookup, type AttemptTransport } from '@/lib/lookup/page/attempt';
import type { LookupResponse, Preview } from '@/lib/lookup/contract';
import type { SpendRefusal } from '@/lib/panel/page/visibility-guard';
import { gestureRefusal, type UserGesture } from '@/components/lookup/spend-gate';

export type { SpendRequest as LookupRequest } from '@/lib/lookup/page/attempt';
import type { SpendRequest as LookupRequest } from '@/lib/lookup/page/attempt';

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; request: LookupRequest }
  | { phase: 'confirm'; request: LookupRequest; price: number }
  | { phase: 'done'; request: LookupRequest; response: LookupResponse }
  /** Sent, answer lost: shown with what the balance says and a retry at `price`. */
  | { phase: 'unknown'; request: LookupRequest; response: LookupResponse | null; price: number | null }
  | { phase: 'error'; request: LookupRequest; message: string }
  /** The in-page panel could not tell that the user saw it when they clicked: nothing was sent. */
  | { phase: 'refused'; request: LookupRequest; reason: SpendRefusal };

/** The price of a request, asked again (debounced) whenever the request changes; none shown for another request. */
export function usePreview(request: LookupRequest | null, delayMs = 120): Preview | undefined {
  const [priced, setPriced] = useState<{ key: string; preview: Preview } | null>(null);
  const key = request ? JSON.stringify([request.op, request.input]) : '';
  // The same request in a new object (each render may make one) is not a reason to ask again.
  const askPrice = useEffectEvent(() => (request ? ask(() => sendMessage('preview', { op: request.op, input: request.input })) : null));
  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(() => {
      void askPrice()?.then((reply) => {
        if (live && reply.ok) setPriced({ key, preview: reply.value });
      });
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, delayMs]);
  return priced?.key === key ? priced.preview : undefined;
}

/** The two messages of the spend path (lib/lookup/page/attempt.ts), as every screen sends them. */
export const lookupTransport: AttemptTransport = {
  lookup: (request) => sendMessage('lookup', request),
  outcome: (attemptId) => sendMessage('lookupOutcome', { attemptId }),
};

/**
 * The one way any screen spends credits: only on the user's own gesture, made where the user
 * could see it (components/lookup/spend-gate.ts: the in-page panel uncovered); above the user's
 * threshold the worker asks first and the same request goes again confirmed; a lookup whose
 * answer was lost is shown as such (with the balance and the price of trying again) and is
 * sent again only when the user clicks that retry.
 */
export function useSpend() {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const running = useRef(false);
  /** Bumped by reset() and on unmount: an answer to a spend the screen moved away from (another profile) is not shown there. */
  const generation = useRef(0);
  /** What the screen does with the answer of the spend under way (run's `onDone`; confirm and retry continue that spend). */
  const whenDone = useRef<((response: LookupResponse) => void) | null>(null);
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  async function go(request: LookupRequest, confirmed: boolean, knownPrice: number | null) {
    if (running.current) return;
    running.current = true;
    const mine = generation.current;
    setState({ phase: 'running', request });
    try {
      const result = await attemptLookup(request, { confirmed, transport: lookupTransport });
      if (generation.current !== mine) return;
      if (result.kind === 'confirm') return setState({ phase: 'confirm', request, price: result.price });
      if (result.kind === 'error') return setState({ phase: 'error', request, message: result.message });
      if (result.kind === 'unknown') return setState({ phase: 'unknown', request, response: result.response, price: result.response?.price ?? knownPrice });
      setState({ phase: 'done', request, response: result.response });
      whenDone.current?.(result.response);
    } finally {
      running.current = false;
    }
  }

  /** Whether the gesture may spend; a refusal the user should hear about replaces what the spend showed. */
  function allowed(request: LookupRequest, gesture: UserGesture): boolean {
    const refusal = gestureRefusal(gesture);
    if (refusal === null) return true;
    if (refusal !== 'untrusted' && !running.current) setState({ phase: 'refused', request, reason: refusal });
    return false;
  }

  return {
    state,
    /**
     * `price`: what the screen showed, used for the retry's label if the worker cannot say.
     * `onDone`: called with the answer when this spend ends with one (also after a confirm or a retry).
     * False only for a gesture that is not the user's; a refused one is shown as the spend's state.
     */
    run(request: LookupRequest, gesture: UserGesture, options: { confirmed?: boolean; price?: number | null; onDone?(response: LookupResponse): void } = {}) {
      if (!gesture.nativeEvent.isTrusted) return false;
      if (!allowed(request, gesture)) return true;
      if (!running.current) whenDone.current = options.onDone ?? null;
      void go(request, options.confirmed ?? false, options.price ?? null);
      return true;
    },
    confirm(gesture: UserGesture) {
      if (state.phase !== 'confirm' || !allowed(state.request, gesture)) return;
      void go(state.request, true, state.price);
    },
    /** The retry button names its price: clicking it is the confirmation. */
    retry(gesture: UserGesture) {
      if (state.phase !== 'unknown' || !allowed(state.request, gesture)) return;
      void go(state.request, true, state.price);
    },
    reset() {
      generation.current += 1;
      setState({ phase: 'idle' });
    },
  };
}

export type Spend = ReturnType<typeof useSpend>;
