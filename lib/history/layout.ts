import { z } from 'zod';
import { vault } from '../storage/vault';
import { defineVaultItem } from '../storage/vault-item';
import { historyEntrySchema, type HistoryEntry } from './entry';

/**
 * Where the history lives (layout 2), in the vault (vault.ts). Release 0.1 kept it as one array
 * in `history` (then in `storage.local`, moved into the vault by migrate.ts), and
 * every lookup rewrote all of it: at 10,000 entries (~15 MB) Chrome took seconds per write. Now:
 *
 *   historyEntry:<id>  one entry each, written once and replaced in place;
 *   historyPage:<n>    ids, newest first, at most PAGE_SIZE per page;
 *   historyIndex       the pages in order, newest first, with their sizes.
 *
 * A lookup writes its entry, the newest page and the index: a few KB whatever the history size.
 * The pages keep the index itself from growing with the history (ids alone would be ~400 KB).
 * Only the background writes these keys (store.ts); pages read them (watch.ts).
 */
export const ENTRY_PREFIX = 'historyEntry:';
export const PAGE_PREFIX = 'historyPage:';
export const INDEX_KEY = 'historyIndex';
/** Release 0.1's array. Read only to move it into layout 2 (see store.ts). */
export const LEGACY_KEY = 'history';
export const PAGE_SIZE = 200;

export const entryKey = (id: string): string => `${ENTRY_PREFIX}${id}`;
export const pageKey = (n: number): string => `${PAGE_PREFIX}${n}`;

export const historyIndexSchema = z.object({
  pages: z.array(z.object({ n: z.number().int().min(0), size: z.number().int().min(0) })),
  /** The number the next new page takes: pages are never renumbered, so never reused. */
  next: z.number().int().min(0),
});
export type HistoryIndex = z.infer<typeof historyIndexSchema>;
export const EMPTY_INDEX: HistoryIndex = { pages: [], next: 0 };

const pageSchema = z.array(z.string().min(1));

/**
 * Versioned like every stored key, so that a later release can migrate the index with WXT's
 * own `migrations`. The move from layout 1 is not such a migration: it fans one key out to
 * thousands, must happen in a crash-safe order, and must run only in the background (WXT runs
 * an item's migrations in every context that defines it), so store.ts does it by hand.
 */
export const historyIndexItem = defineVaultItem<unknown>(INDEX_KEY, { fallback: null, version: 1 });

/** Values of vault keys in one read (one transaction), null where missing. */
export async function getValues(keys: readonly string[]): Promise<unknown[]> {
  if (!keys.length) return [];
  const found = await vault.get(keys);
  return keys.map((key) => found[key] ?? null);
}

export function parseIndex(raw: unknown): HistoryIndex | null {
  if (raw == null) return EMPTY_INDEX;
  const parsed = historyIndexSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function parsePage(raw: unknown): string[] | null {
  const parsed = pageSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** An entry is valid when it parses and is stored under its own id. */
export function parseEntry(id: string, raw: unknown): HistoryEntry | null {
  const parsed = historyEntrySchema.safeParse(raw);
  return parsed.success && parsed.data.id === id ? parsed.data : null;
}

/** Ids in index order, each once; `null` when a page is missing or unreadable. */
export async function readIds(index: HistoryIndex, pages = index.pages): Promise<string[] | null> {
  const raw = await getValues(pages.map((p) => pageKey(p.n)));
  const seen = new Set<string>();
  for (const value of raw) {
    const ids = parsePage(value);
    if (!ids) return null;
    for (const id of ids) seen.add(id);
  }
  return [...seen];
}

/** Every key of layout 1 and 2 except the quarantine, including any left over by a crash. */
export async function allHistoryKeys(): Promise<string[]> {
  const keys = await vault.getKeys();
  const fixed = new Set(['history', 'history$', 'historyIndex', 'historyIndex$', 'historyRecent', 'historyRecent$']);
  return keys.filter((k) => fixed.has(k) || k.startsWith(ENTRY_PREFIX) || k.startsWith(PAGE_PREFIX));
}
