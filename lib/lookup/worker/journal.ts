import { z } from 'zod';
import { createSerialQueue } from '@/lib/platform/storage/serial';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';

/**
 * Paid lookups in flight, written down before the request leaves. Chrome may stop the worker
 * at any moment; on the next start whatever is still listed here went out and lost its
 * answer. It may have been charged, so it is never sent again: the background records it as
 * `unknown`, reads the balance again and lets the user decide. Nothing that matters lives
 * only in worker memory.
 */
export const pendingLookupSchema = z.object({
  historyId: z.string(),
  request: z.unknown(),
  startedAt: z.number(),
  /** The most it may cost, to offer a retry at its price (absent in entries of 0.1). */
  price: z.number().finite().min(0).optional(),
  /** The balance known when it left, to tell whether credits moved. */
  balanceBefore: z.number().finite().nullable().optional(),
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

/**
 * Every lookup a stopped worker left in flight. Read, not taken: each leaves the journal
 * (markDone) only once its outcome is in history, so a second stop loses nothing.
 */
export function readInterrupted(): Promise<PendingLookup[]> {
  return serial(read);
}
