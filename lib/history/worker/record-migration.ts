import type { ContactAnswer } from '@/lib/book/answer';
import { answersFromHistory } from '@/lib/book/from-history';
import { announceMerge, BOOK_STORES, mergeInto, prepareMerge, recordAnswers, trackBookKeys } from '@/lib/book/store';
import type { HistoryEntry } from '@/lib/history/entry';
import { migrateHistory, type BatchBook, type MigrateHistoryReport } from '@/lib/history/worker/migrate';
import { holdLedgerUntil } from '@/lib/lookup/worker/ledger';
import { moveLedgerArray, type LedgerMoveReport } from '@/lib/lookup/worker/ledger-move';
import { MovePacer } from '@/lib/history/worker/move-pacer';

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
/**
 * The contact book's part of each batch, in the batch's own transaction (migrate.ts): one
 * commit and no pause between the history's records and the contacts they give. The merge is
 * prepared before the transaction, from the entries as the old layout holds them; should the
 * history hold another version of some (a lookup recorded since), it is prepared again from those.
 * A batch the book could not take there, or one a crash left out of it, is merged on its own.
 */
function batchBook(trackBook: () => Promise<unknown>, pause: () => Promise<void>): BatchBook {
  const merge = (answers: ContactAnswer[]) => (answers.length ? prepareMerge(answers) : null);
  return {
    stores: BOOK_STORES,
    async prepare(prepared) {
      await trackBook();
      const first = merge(answersFromHistory(prepared));
      const same = (entries: readonly HistoryEntry[]) => entries.length === prepared.length && entries.every((entry, i) => entry === prepared[i]);
      return {
        async write(tx, entries) {
          const next = same(entries) ? first : merge(answersFromHistory(entries));
          if (!next) return () => {};
          const result = await mergeInto(tx, next);
          return () => announceMerge(result);
        },
      };
    },
    async apart(entries) {
      await pause();
      await trackBook();
      await recordAnswers(answersFromHistory(entries));
    },
  };
}

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
        book: batchBook(trackBook, pause),
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
