import { vault, type VaultArea } from '@/lib/platform/storage/vault';

/**
 * One key of the vault with WXT's `defineItem` semantics, so that every stored key keeps a
 * version and its migrations: the value under `key`, the metadata `{ v }` under `key$` (where
 * WXT put it in `storage.local`, so values moved from there keep their version), migrations
 * run on read, in one transaction, when the stored version is older than `version`.
 */
/**
 * Turns a value stored by version n-1 into version n. Only the migration knows that old shape, so
 * it declares its own parameter (`never` accepts any declaration); the runner hands it the stored value.
 */
export type Migration = (value: never) => unknown;

export interface VaultItemOptions<T> {
  fallback: T;
  /** Version of the value this release writes; 1 when omitted. */
  version?: number;
  /** `migrations[n]` turns a version n-1 value into version n. */
  migrations?: Record<number, Migration>;
}

export interface VaultItem<T> {
  readonly key: string;
  readonly fallback: T;
  readonly version: number;
  readonly migrations: Readonly<Record<number, Migration>>;
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
  removeValue(): Promise<void>;
  /** Called with the new value (or the fallback when removed) on every change, from any context. */
  watch(callback: (newValue: T, oldValue: T) => void): () => void;
}

export const metaKey = (key: string) => `${key}$`;

function storedVersion(meta: unknown): number {
  const v = meta && typeof meta === 'object' ? (meta as { v?: unknown }).v : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 1;
}

export function defineVaultItem<T>(key: string, options: VaultItemOptions<T>, area: VaultArea = vault): VaultItem<T> {
  const version = options.version ?? 1;
  const migrations = options.migrations ?? {};
  const meta = metaKey(key);

  function needsMigration(current: Record<string, unknown>): boolean {
    return current[key] !== undefined && storedVersion(current[meta]) !== version;
  }

  function migrated(current: Record<string, unknown>): Record<string, unknown> | null {
    if (!needsMigration(current)) return null;
    const from = storedVersion(current[meta]);
    if (from > version) throw new Error(`${key} was stored by a newer release (version ${from}, this one reads ${version}).`);
    let value: unknown = current[key];
    for (let v = from + 1; v <= version; v++) {
      const step = migrations[v];
      if (step) value = step(value as never);
    }
    return { [key]: value, [meta]: { ...(current[meta] as object), v: version } };
  }

  return {
    key,
    fallback: options.fallback,
    version,
    migrations,
    async getValue() {
      let current = await area.get([key, meta]);
      if (needsMigration(current)) {
        await area.update([key, meta], migrated);
        current = await area.get([key]);
      }
      return (current[key] ?? options.fallback) as T;
    },
    setValue: (value) => area.set({ [key]: value, [meta]: { v: version } }),
    removeValue: () => area.remove([key, meta]),
    watch(callback) {
      const listener = (changes: Record<string, { newValue?: unknown; oldValue?: unknown }>) => {
        const change = changes[key];
        if (change) callback((change.newValue ?? options.fallback) as T, (change.oldValue ?? options.fallback) as T);
      };
      area.onChanged.addListener(listener);
      return () => area.onChanged.removeListener(listener);
    },
  };
}
