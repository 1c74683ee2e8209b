import { answersFromHistory } from '@/lib/contacts/from-history';
import { recordAnswers } from '@/lib/contacts/store';
import { migrateHistory, type MigrateHistoryReport } from '@/lib/history/migrate';
import { holdLedgerUntil } from '@/lib/lookup/ledger';
import { moveLedgerArray, type LedgerMoveReport } from '@/lib/lookup/ledger-move';
import { afterPagesOpened } from '@/lib/storage/vault';

/**
 * Entries per history transaction, whose answers then go into the contact book in one more
 * transaction (one read per identity key, one write per contact: lib/contacts/store.ts): each a
 * few tens of ms of the worker's time (scripts/bench/migration.bench.ts), the longest a lookup or
 * a screen's read waits for the move.
 */
const HISTORY_BATCH = 250;

export interface RecordMigration {
  ledger: Promise<LedgerMoveReport | null>;
  history: Promise<MigrateHistoryReport | null>;
}

/**
 * Moves an older release's ledger and history into the vault's record stores, at the worker's
 * start, in the first turn of main() (after the move out of storage.local, which every vault
 * call waits for). The ledger first, in one transaction, and no ledger check runs before it is
 * in: a repeat is never paid for twice. Then the history, in batches with a pause between them,
 * while the worker serves lookups and the screens show the progress; each batch feeds the
 * contact book, so that it starts with everyone ever looked up. A failed run is logged and
 * resumes at the next start from where it stopped.
 */
export function startRecordMigration(keepAwake: () => Promise<unknown> = async () => {}): RecordMigration {
  const ledger = moveLedgerArray().catch((err: unknown) => {
    console.error('Moving the ledger into its record store failed; it will be tried again at the next start.', err);
    return null;
  });
  holdLedgerUntil(ledger);
  // A task of its own after each step, so lookups run in between; a page that just opened reads
  // first (vault.ts); and an extension call, which keeps Chrome from stopping a worker that is
  // busy only with IndexedDB.
  const pause = () => Promise.all([new Promise((resolve) => setTimeout(resolve, 0)).then(() => afterPagesOpened()), keepAwake().catch(() => {})]).then(() => {});
  const history = ledger
    .then(() =>
      migrateHistory({
        batchSize: HISTORY_BATCH,
        afterBatch: async (entries) => {
          await pause();
          await recordAnswers(answersFromHistory(entries));
        },
        pause,
      }),
    )
    .catch((err: unknown) => {
      console.error('Moving the history into its record store stopped; it resumes at the next start.', err);
      return null;
    });
  return { ledger, history };
}
