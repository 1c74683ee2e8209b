/** What a store reads of a stored item: its value now, and each change (a vault item has both). */
export interface WatchedItem<T> {
  getValue(): Promise<T>;
  watch(callback: (newValue: T) => void): () => void;
}

/**
 * Feeds a store from one vault item: its current value, then every change, whichever
 * context wrote it. A change that lands before the first read answers wins over that read,
 * so a slow initial read can never put an older value back.
 */
export function mirrorItem<T>(item: WatchedItem<T>, apply: (value: T) => void): () => void {
  let changed = false;
  let unwatch: () => void;
  try {
    unwatch = item.watch((value) => {
      changed = true;
      apply(value);
    });
  } catch {
    // A storage area this context does not have (Firefox gives the panel's frame, an extension page
    // inside a web page, no storage.session): the store keeps its default, and the page still draws.
    return () => {};
  }
  void item
    .getValue()
    .then((value) => {
      if (!changed) apply(value);
    })
    .catch(() => {});
  return unwatch;
}
