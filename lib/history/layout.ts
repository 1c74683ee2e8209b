import { z } from 'zod';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { ENTRY_PREFIX, INDEX_KEY, LEGACY_KEY, PAGE_PREFIX, RECENT_KEY } from '@/lib/history/keys';

/**
 * Where the history lives: the vault's `history` record store (lib/platform/storage/vault.ts), one
 * record per lookup keyed by its id, read newest first through the `at` index and by person
 * through the `identity` index. Its size is kept beside it, in the vault's bookkeeping store
 * (`COUNT_KEY`), because IndexedDB counts a store by walking it (about 110 ms at 100,000 entries
 * in Chromium): an append must know at once whether the oldest entry has to go.
 *
 * Earlier releases kept it as keys of the vault's key/value area; the worker moves them into
 * the record store once (migrate.ts), and nothing else reads them:
 *   layout 1  `history`: one array, newest first (release 0.1);
 *   layout 2  `historyEntry:<id>` one entry each, `historyPage:<n>` ids newest first,
 *             `historyIndex` the pages in order, `historyRecent` a copy of the newest 50.
 */
export { COUNT_KEY, ENTRY_PREFIX, HISTORY_STORE, INDEX_KEY, LEGACY_KEY, MIGRATION_KEY, PAGE_PREFIX, RECENT_KEY, prefixRange } from '@/lib/history/keys';
/** Where entries (and ledger answers) that no longer parse are set aside, never dropped. */
export const historyQuarantineItem = defineVaultItem<unknown[]>('historyQuarantine', { fallback: [] });

export const entryKey = (id: string): string => `${ENTRY_PREFIX}${id}`;
export const pageKey = (n: number): string => `${PAGE_PREFIX}${n}`;

/** Every key of the old layouts that is not a family member, with WXT's `$` version keys. */
export const OLD_FIXED_KEYS = [LEGACY_KEY, INDEX_KEY, RECENT_KEY].flatMap((key) => [key, `${key}$`]);
export const OLD_PREFIXES = [ENTRY_PREFIX, PAGE_PREFIX] as const;

export const historyIndexSchema = z.object({
  pages: z.array(z.object({ n: z.number().int().min(0), size: z.number().int().min(0) })),
  next: z.number().int().min(0),
});
export type HistoryIndex = z.infer<typeof historyIndexSchema>;

const pageSchema = z.array(z.string().min(1));

export function parseIndex(raw: unknown): HistoryIndex | null {
  const parsed = historyIndexSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function parsePage(raw: unknown): string[] | null {
  const parsed = pageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** An entry is valid when it parses, and, when stored under an id, is that id's. */
export function parseEntry(raw: unknown, id?: string): HistoryEntry | null {
  const parsed = historyEntrySchema.safeParse(raw);
  return parsed.success && (id === undefined || parsed.data.id === id) ? parsed.data : null;
}

/** Records that parse, in order; anything else stays where it is and is not shown. */
export function parseEntries(raw: readonly unknown[]): HistoryEntry[] {
  return raw.flatMap((item) => parseEntry(item) ?? []);
}
