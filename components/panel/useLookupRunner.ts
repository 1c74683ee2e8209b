import { useState } from 'react';
import { attemptLookup, type AttemptResult } from '@/lib/lookup/page/attempt';
import type { Preview } from '@/lib/lookup/contract';
import { sendMessage } from '@/lib/contracts/messenger';
import type { PanelRequest } from '@/lib/panel/page/actions';
import type { SpendRefusal } from '@/lib/panel/page/visibility-guard';
import { lookupTransport } from '@/components/lookup/useLookup';
import { gestureRefusal, type UserGesture } from '@/components/lookup/spend-gate';

/** What a row's lookup came to, or why the click did not count (nothing was sent). */
export type RowResult = AttemptResult | { kind: 'refused'; reason: SpendRefusal };

export async function previewOf(request: PanelRequest): Promise<Preview | undefined> {
  try {
    const reply = await sendMessage('preview', request);
    return reply.ok ? reply.value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A row's lookup in a list (a search result, an item found on the page), through the one
 * spend path: its button shows the price, so the user's own click on it is the confirmation.
 * A click that is not the user's (a page script, a synthetic event) runs nothing; one the user
 * could not have seen (the in-page panel covered) sends nothing and says why. A queued lookup
 * runs on the click that started the queue.
 */
export function spendOnRow(request: PanelRequest, gesture: UserGesture | 'queued'): Promise<RowResult> | null {
  const refusal = gesture === 'queued' ? null : gestureRefusal(gesture);
  if (refusal === 'untrusted') return null;
  if (refusal) return Promise.resolve({ kind: 'refused', reason: refusal });
  return attemptLookup(request, { confirmed: true, transport: lookupTransport });
}

/** Per-key outcomes of small lookups (one row, one found item). */
export function useResults() {
  const [results, setResults] = useState<Record<string, RowResult>>({});
  return {
    results,
    set: (key: string, result: RowResult) => setResults((r) => ({ ...r, [key]: result })),
  };
}
