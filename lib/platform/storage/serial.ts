/**
 * Read-modify-write on one storage key from concurrent lookups would lose updates; every
 * writer of a key goes through its own queue. Only the background writes these keys, so an
 * in-memory queue in that single context is enough.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => {});
    return run;
  };
}
