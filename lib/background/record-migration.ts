import { answersFromHistory } from '../contacts/from-history';
import { recordAnswers } from '../contacts/store';
import { migrateHistory, type MigrateHistoryReport } from '../history/migrate';
import { holdLedgerUntil } from '../lookup/ledger';
import { moveLedgerArray, type LedgerMoveReport } from '../lookup/ledger-move';

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
  const history = ledger
    .then(() =>
      migrateHistory({
        afterBatch: async (entries) => void (await recordAnswers(answersFromHistory(entries))),
        // A task of its own per batch, so lookups run in between; and an extension call, which
        // keeps Chrome from stopping a worker that is busy only with IndexedDB.
        pause: () => Promise.all([new Promise((resolve) => setTimeout(resolve, 0)), keepAwake().catch(() => {})]).then(() => {}),
      }),
    )
    .catch((err: unknown) => {
      console.error('Moving the history into its record store stopped; it resumes at the next start.', err);
      return null;
    });
  return { ledger, history };
}
