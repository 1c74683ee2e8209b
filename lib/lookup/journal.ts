import { z } from 'zod';
import { createSerialQueue } from '../storage/serial';
import { defineVaultItem } from '../storage/vault-item';

/**
 * Lookups in flight, written down before the request leaves. Chrome may stop the worker at
 * any moment; on the next start whatever is still listed here was interrupted, and the
 * background finishes it (once) or records it as failed at no cost. Nothing that matters
 * lives only in worker memory.
 */
export const pendingLookupSchema = z.object({
  historyId: z.string(),
  request: z.unknown(),
  startedAt: z.number(),
  /** How many times a restart has already resumed it: resumed once, never in a loop. */
  resumes: z.number().int().min(0).default(0),
});
export type PendingLookup = z.infer<typeof pendingLookupSchema>;

export const journalItem = defineVaultItem<unknown[]>('pendingLookups', { fallback: [], version: 1 });

const serial = createSerialQueue();

async function read(): Promise<PendingLookup[]> {
  const raw = await journalItem.getValue();
  return (Array.isArray(raw) ? raw : []).flatMap((item) => {
    const parsed = pendingLookupSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function markPending(entry: PendingLookup): Promise<void> {
  return serial(async () => journalItem.setValue([...(await read()).filter((e) => e.historyId !== entry.historyId), entry]));
}

export function markDone(historyId: string): Promise<void> {
  return serial(async () => journalItem.setValue((await read()).filter((e) => e.historyId !== historyId)));
}

/** Takes every interrupted lookup off the journal, for the caller to finish or fail. */
export function takeInterrupted(): Promise<PendingLookup[]> {
  return serial(async () => {
    const pending = await read();
    await journalItem.setValue([]);
    return pending;
  });
}
