import { pageOpenedWithin } from '@/lib/platform/storage/vault';

/**
 * The pace of the history move (record-migration.ts) against the screens it serves. IndexedDB
 * serves transactions on the same stores in the order they were made, so a page's read waits
 * at most for the move's transaction under way, and goes before the move's next one when the
 * move gives up a task in between. The move therefore works in slices of time, not of entries:
 *
 *   - batches are sized from the time the last ones took per entry: about SLICE_MS of work when
 *     no page is opening (few, large transactions), OPENING_SLICE_MS while one is (a page's
 *     read then waits a few ms, whatever the machine's load);
 *   - between steps the move gives up one task, always; while a page is opening it also stands
 *     aside for half the time its last step took, so that the page gets the machine at least a
 *     third of the time, and the move loses at most a third of its pace, never whole seconds.
 */
export const SLICE_MS = 300;
export const OPENING_SLICE_MS = 60;
export const FIRST_BATCH = 250;
// Below this, the fixed cost of a batch (its transactions, the screens reading again on its notice) dominates.
const MIN_BATCH = 100;
const MAX_BATCH = 2_000;

export interface PacerClock {
  now(): number;
  /** Whether a page opened a moment ago (vault.ts). */
  opening(): boolean;
  wait(ms: number): Promise<void>;
}

const realClock: PacerClock = {
  now: () => performance.now(),
  opening: () => pageOpenedWithin(),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class MovePacer {
  /** Smoothed ms of work per entry (moving and booking it); 0 until a batch is measured. */
  private perEntry = 0;
  private worked = 0;
  private size = 0;
  private resumedAt: number;

  constructor(private readonly clock: PacerClock = realClock) {
    this.resumedAt = clock.now();
  }

  /** The entries of the next batch: the last batch's measure taken into account. */
  nextBatch(): number {
    if (this.size && this.worked > 0) {
      const measured = this.worked / this.size;
      this.perEntry = this.perEntry ? (this.perEntry + measured) / 2 : measured;
    }
    // The first batch's time starts here, not with the ledger's move and the plan before it.
    if (!this.size) this.resumedAt = this.clock.now();
    this.worked = 0;
    const slice = this.clock.opening() ? OPENING_SLICE_MS : SLICE_MS;
    this.size = this.perEntry ? Math.min(MAX_BATCH, Math.max(MIN_BATCH, Math.round(slice / this.perEntry))) : FIRST_BATCH;
    return this.size;
  }

  /** Between two steps of the move (a batch moved, its contacts booked). */
  async pause(): Promise<void> {
    const step = this.clock.now() - this.resumedAt;
    this.worked += step;
    await this.clock.wait(0);
    if (this.clock.opening()) {
      await this.clock.wait(Math.min(step / 2, OPENING_SLICE_MS));
    }
    this.resumedAt = this.clock.now();
  }
}
