/**
 * Runs the requests of one IndexedDB transaction and waits for it to commit; should anything
 * throw on the way (a value that cannot be stored, a bug), the transaction is aborted. Without
 * this, the requests made before the throw would commit on their own: IndexedDB commits a
 * transaction as soon as nothing more is asked of it.
 */
export async function allOrNothing<T>(tx: { abort(): void; done: Promise<void> }, work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (err) {
    try {
      tx.abort();
    } catch {
      // Already finished or aborted: nothing was committed by this work after the throw.
    }
    await tx.done.catch(() => {});
    throw err;
  }
  await tx.done;
  return result;
}

/**
 * A request made in such a transaction without being awaited at once (many issued, then awaited
 * together, which is much faster than one after the other): should the transaction abort, its
 * failure is reported by the transaction, never as an unhandled rejection.
 */
export function tracked<T>(request: Promise<T>): Promise<T> {
  request.catch(() => {});
  return request;
}

/**
 * How far a write must have gone when its transaction completes. Chromium (since 121), Firefox and
 * Safari commit a transaction that does not say (`default`) without waiting for the disk: a power
 * cut or a crash of the system may lose the last ones committed, never a part of one.
 *
 *   - REDOABLE (`relaxed`): work the next start does again should it be lost (a batch of the
 *     history move: its progress marker is lost with it, and the old entries are still there);
 *   - FLUSHED (`strict`): the transaction completes once the disk has it, and with it everything
 *     committed before: written before deleting the only other copy of what was moved.
 */
export const REDOABLE: IDBTransactionOptions = { durability: 'relaxed' };
export const FLUSHED: IDBTransactionOptions = { durability: 'strict' };
