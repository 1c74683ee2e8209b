import { createSerialQueue } from '@/lib/platform/storage/serial';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { outboxItemSchema, type OutboxItem } from '@/lib/crm/outbox/schema';

/**
 * Every push, from the click until the CRM has it, as a list in extension storage: nothing
 * lives only in the worker, which Chrome stops whenever it likes. In the vault: it holds what was
 * paid for. Version 1. Entries that no longer parse are set aside in `crmOutboxQuarantine`, not dropped.
 */
export const outboxItem = defineVaultItem<unknown[]>('crmOutbox', { fallback: [], version: 1 });
export const outboxQuarantineItem = defineVaultItem<unknown[]>('crmOutboxQuarantine', { fallback: [] });

const DELIVERED_KEPT = 100;
const DELIVERED_DAYS = 14;

const serial = createSerialQueue();

function parseAll(raw: unknown): { items: OutboxItem[]; rejected: unknown[] } {
  const items: OutboxItem[] = [];
  const rejected: unknown[] = [];
  for (const value of Array.isArray(raw) ? raw : []) {
    const parsed = outboxItemSchema.safeParse(value);
    if (parsed.success) items.push(parsed.data);
    else rejected.push(value);
  }
  return { items, rejected };
}

export async function readOutbox(): Promise<OutboxItem[]> {
  return parseAll(await outboxItem.getValue()).items;
}

/** Delivered items are history, not work: only the newest are kept, and not for ever. */
function prune(items: OutboxItem[], now: number): OutboxItem[] {
  const cutoff = now - DELIVERED_DAYS * 86_400_000;
  let delivered = 0;
  return [...items]
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .filter((item) => item.state !== 'delivered' || (item.updatedAt >= cutoff && ++delivered <= DELIVERED_KEPT))
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** Read-modify-write of the whole outbox, one at a time. */
export function updateOutbox<T>(change: (items: OutboxItem[]) => { items: OutboxItem[]; result: T }, now: number): Promise<T> {
  return serial(async () => {
    const { items, rejected } = parseAll(await outboxItem.getValue());
    if (rejected.length) await outboxQuarantineItem.setValue([...((await outboxQuarantineItem.getValue()) ?? []), ...rejected]);
    const next = change(items);
    await outboxItem.setValue(prune(next.items, now));
    return next.result;
  });
}

export function patchItem(id: string, patch: (item: OutboxItem) => OutboxItem, now: number): Promise<OutboxItem | null> {
  return updateOutbox((items) => {
    let changed: OutboxItem | null = null;
    const next = items.map((item) => (item.id === id ? (changed = patch(item)) : item));
    return { items: next, result: changed };
  }, now);
}

export async function clearOutbox(): Promise<void> {
  await serial(async () => {
    await outboxItem.setValue([]);
    await outboxQuarantineItem.setValue([]);
  });
}
