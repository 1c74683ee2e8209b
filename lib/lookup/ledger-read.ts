import { withRecords } from '@/lib/platform/storage/vault';
import { OPERATION_NAMES } from '@/lib/lookup/operation-names';

/**
 * A read of the ledger's record store (lib/lookup/worker/ledger.ts) that pages may make: how many
 * paid answers stop being kept by a given time, for the settings page's forecast. Counts only,
 * never an answer: the answers stay the worker's.
 */
const LEDGER_STORE = 'ledger';

/**
 * How many entries the ledger's purge at `at` would drop, each operation kept for `windowFor(op)`
 * ms (the purge's own rule: paid at or before `at - window`), and when the first of them stops
 * being kept (paid + window; null: none). One count of the `opPaidAt` index per operation.
 */
export async function ledgerExpiringBy(windowFor: (op: string) => number, at: number): Promise<{ count: number; firstExpiry: number | null }> {
  return withRecords(async (db) => {
    const index = db.transaction(LEDGER_STORE, 'readonly').store.index('opPaidAt');
    const perOp = await Promise.all(
      OPERATION_NAMES.map(async (op) => {
        const range = IDBKeyRange.bound([op, -Infinity], [op, at - windowFor(op)]);
        const [count, first] = await Promise.all([index.count(range), index.openKeyCursor(range)]);
        return { count, expiry: first ? (first.key as [string, number])[1] + windowFor(op) : null };
      }),
    );
    const expiries = perOp.flatMap((p) => (p.expiry === null ? [] : [p.expiry]));
    return { count: perOp.reduce((sum, p) => sum + p.count, 0), firstExpiry: expiries.length ? Math.min(...expiries) : null };
  });
}
