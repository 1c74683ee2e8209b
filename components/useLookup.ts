import { useEffect, useState } from 'react';
import { ask } from './useBackground';
import { sendMessage } from '@/lib/messaging/messenger';
import type { LookupResponse, Preview } from '@/lib/lookup/service';

export interface LookupRequest {
  op: string;
  input: Record<string, unknown>;
  refresh?: boolean;
  confirmed?: boolean;
}

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; request: LookupRequest }
  | { phase: 'confirm'; request: LookupRequest; price: number }
  | { phase: 'done'; request: LookupRequest; response: LookupResponse }
  | { phase: 'error'; request: LookupRequest; message: string };

/** The price of a request, asked again (debounced) whenever the request changes. */
export function usePreview(request: LookupRequest | null, delayMs = 120): Preview | undefined {
  const [preview, setPreview] = useState<Preview | undefined>();
  const key = request ? JSON.stringify([request.op, request.input]) : '';
  useEffect(() => {
    setPreview(undefined);
    if (!request) return;
    let live = true;
    const timer = setTimeout(() => {
      void ask(() => sendMessage('preview', { op: request.op, input: request.input })).then((reply) => {
        if (live && reply.ok) setPreview(reply.value);
      });
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return preview;
}

/**
 * Runs a lookup the way every page must: the background may answer that the price is above
 * the user's confirmation threshold, and then nothing happened yet; the user says yes and the
 * same request goes again with `confirmed`.
 */
export function useLookupRunner() {
  const [state, setState] = useState<RunState>({ phase: 'idle' });

  async function run(request: LookupRequest, confirmed = false) {
    setState({ phase: 'running', request });
    const reply = await ask(() => sendMessage('lookup', { ...request, ...(confirmed ? { confirmed: true } : {}) }));
    if (!reply.ok) return setState({ phase: 'error', request, message: reply.error.message });
    if (reply.value.status === 'needs_confirmation') return setState({ phase: 'confirm', request, price: reply.value.price ?? 0 });
    setState({ phase: 'done', request, response: reply.value });
  }

  return {
    state,
    run: (request: LookupRequest) => run(request),
    confirm: () => (state.phase === 'confirm' ? run(state.request, true) : undefined),
    reset: () => setState({ phase: 'idle' }),
  };
}
