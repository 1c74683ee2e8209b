/**
 * Two identical lookups in flight make one request: the second caller shares the first
 * caller's promise until it settles.
 */
export function createInflight<T>() {
  const running = new Map<string, Promise<T>>();
  return {
    run(key: string, start: () => Promise<T>): Promise<T> {
      const existing = running.get(key);
      if (existing) return existing;
      const promise = start().finally(() => running.delete(key));
      running.set(key, promise);
      return promise;
    },
    get size() {
      return running.size;
    },
  };
}
