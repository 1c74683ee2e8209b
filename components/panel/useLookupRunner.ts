import { useState } from 'react';
import { t } from '@/lib/i18n';
import type { LookupResponse, Preview } from '@/lib/lookup/service';
import { sendMessage } from '@/lib/messaging/messenger';
import type { PanelRequest } from '@/lib/panel/actions';

export async function previewOf(request: PanelRequest): Promise<Preview | undefined> {
  try {
    const reply = await sendMessage('preview', request);
    return reply.ok ? reply.value : undefined;
  } catch {
    return undefined;
  }
}

export async function lookupOf(request: PanelRequest, confirmed = false): Promise<LookupResponse | { failure: string }> {
  try {
    const reply = await sendMessage('lookup', { ...request, confirmed });
    return reply.ok ? reply.value : { failure: reply.error.message };
  } catch {
    return { failure: t('panel.noAnswer') };
  }
}

/** Per-key results of small lookups (one row, one found item). */
export function useResults() {
  const [results, setResults] = useState<Record<string, LookupResponse | { failure: string }>>({});
  return {
    results,
    set: (key: string, result: LookupResponse | { failure: string }) => setResults((r) => ({ ...r, [key]: result })),
  };
}
