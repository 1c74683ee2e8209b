import { useState } from 'react';
import { attemptLookup, type AttemptResult } from '@/lib/lookup/attempt';
import type { Preview } from '@/lib/lookup/service';
import { sendMessage } from '@/lib/messaging/messenger';
import type { PanelRequest } from '@/lib/panel/actions';
import { lookupTransport, type UserGesture } from '@/components/useLookup';

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
 * A click that is not the user's (a page script, a synthetic event) runs nothing.
 */
export function spendOnRow(request: PanelRequest, gesture: UserGesture | 'queued'): Promise<AttemptResult> | null {
  if (gesture !== 'queued' && !gesture.nativeEvent.isTrusted) return null;
  return attemptLookup(request, { confirmed: true, transport: lookupTransport });
}

/** Per-key outcomes of small lookups (one row, one found item). */
export function useResults() {
  const [results, setResults] = useState<Record<string, AttemptResult>>({});
  return {
    results,
    set: (key: string, result: AttemptResult) => setResults((r) => ({ ...r, [key]: result })),
  };
}
