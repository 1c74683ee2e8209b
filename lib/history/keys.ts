/**
 * The names under which the history is stored (layout.ts says what each holds), apart from its
 * schemas: the history page's first paint reads them before zod is in.
 */
export const HISTORY_STORE = 'history';
/** In the vault's bookkeeping store: the number of entries, and the move's progress (migrate.ts). */
export const COUNT_KEY = 'historyCount';
export const MIGRATION_KEY = 'historyMigration';

export const LEGACY_KEY = 'history';
export const ENTRY_PREFIX = 'historyEntry:';
export const PAGE_PREFIX = 'historyPage:';
export const INDEX_KEY = 'historyIndex';
export const RECENT_KEY = 'historyRecent';

/** Every key starting with `prefix`: the range of a family of keys in the key/value area. */
export function prefixRange(prefix: string): IDBKeyRange {
  return IDBKeyRange.bound(prefix, `${prefix}\uffff`);
}
