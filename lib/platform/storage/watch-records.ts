import { onRecordsChanged, type RecordChange, type RecordStore } from '@/lib/platform/storage/vault';

/**
 * Reads again at most this often during a burst of changes (the worker moving an older history
 * in writes a batch every ~100 ms): a page then spends a few reads a second, not one per batch.
 * A change after a quiet spell is read at once.
 */
export const MIN_READ_GAP_MS = 250;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a page's view of a record store current: `read` now, then again after every change to
 * `store` from any context, one read at a time (changes that land during a read, or within
 * MIN_READ_GAP_MS of the last one, cause one more, never a pile of them), and never an older
 * answer applied over a newer one.
 */
export function watchRecords<T>(
  store: RecordStore,
  read: () => Promise<T>,
  apply: (value: T) => void,
  onError: (err: unknown) => void = (err) => console.error(`reading ${store} failed`, err),
): () => void {
  let stopped = false;
  let running = false;
  let again = false;
  let lastRead = -Infinity;

  async function refresh(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        const wait = lastRead + MIN_READ_GAP_MS - Date.now();
        if (wait > 0) await sleep(wait);
        again = false;
        lastRead = Date.now();
        try {
          const value = await read();
          if (!again && !stopped) apply(value);
        } catch (err) {
          if (!stopped) onError(err);
        }
      } while (again && !stopped);
    } finally {
      running = false;
    }
  }

  const onChange = (change: RecordChange) => {
    if (change.store === store) void refresh();
  };
  onRecordsChanged.addListener(onChange);
  void refresh();
  return () => {
    stopped = true;
    onRecordsChanged.removeListener(onChange);
  };
}
