import { onRecordsChanged, type RecordChange, type RecordStore } from './vault';

/**
 * Keeps a page's view of a record store current: `read` now, then again after every change to
 * `store` from any context, one read at a time (changes that land during a read cause one more,
 * never a pile of them), and never an older answer applied over a newer one.
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

  async function refresh(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
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
