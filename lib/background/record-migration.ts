import { answersFromHistory } from '@/lib/contacts/from-history';
import { recordAnswers, trackBookKeys } from '@/lib/contacts/store';
import { migrateHistory, type MigrateHistoryReport } from '@/lib/history/migrate';
import { holdLedgerUntil } from '@/lib/lookup/ledger';
import { moveLedgerArray, type LedgerMoveReport } from '@/lib/lookup/ledger-move';
import { MovePacer } from '@/lib/background/move-pacer';

export interface RecordMigration {
  ledger: Promise<LedgerMoveReport | null>;
  history: Promise<MigrateHistoryReport | null>;
}

/**
 * Moves an older release's ledger and history into the vault's record stores, at the worker's
 * start, in the first turn of main() (after the move out of storage.local, which every vault
 * call waits for). The ledger first, in one transaction, and no ledger check runs before it is
 * in: a repeat is never paid for twice. Then the history, in batches of a slice of time with a task given up between them,
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
  // Batches sized by time, a task of its own after each step so lookups and a page's reads run
  // in between (move-pacer.ts); and an extension call, which keeps Chrome from stopping a worker
  // that is busy only with IndexedDB.
  const pacer = new MovePacer();
  const pause = () => Promise.all([pacer.pause(), keepAwake().catch(() => {})]).then(() => {});
  // Read at the first batch, not at every start of the worker (most have nothing to move).
  let tracking: Promise<() => void> | null = null;
  const trackBook = () =>
    (tracking ??= trackBookKeys().catch((err: unknown) => {
      console.error('Reading the contact book’s keys failed; the move reads them for each batch instead.', err);
      return () => {};
    }));
  const history = ledger
    .then(() =>
      migrateHistory({
        batchSize: () => pacer.nextBatch(),
        afterBatch: async (entries) => {
          await pause();
          await trackBook();
          await recordAnswers(answersFromHistory(entries));
        },
        pause,
      }),
    )
    .catch((err: unknown) => {
      console.error('Moving the history into its record store stopped; it resumes at the next start.', err);
      return null;
    })
    .finally(() => tracking?.then((stop) => stop()));
  return { ledger, history };
}
