import type { VaultItem } from '@/lib/storage/vault-item';

/**
 * Feeds a store from one vault item: its current value, then every change, whichever
 * context wrote it. A change that lands before the first read answers wins over that read,
 * so a slow initial read can never put an older value back.
 */
export function mirrorItem<T>(item: Pick<VaultItem<T>, 'getValue' | 'watch'>, apply: (value: T) => void): () => void {
  let changed = false;
  const unwatch = item.watch((value) => {
    changed = true;
    apply(value);
  });
  void item.getValue().then((value) => {
    if (!changed) apply(value);
  });
  return unwatch;
}
