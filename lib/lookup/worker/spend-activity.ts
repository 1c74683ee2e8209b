/**
 * Which paid lookups are in flight, from the moment a request leaves to the moment its outcome
 * is in history. A balance reading is held against history only when it was quiet: no paid
 * lookup in flight when it was asked, none started before its answer came (reconcile.ts).
 * Worker memory only: after a stop, the journal's pending lookups say the same thing.
 */
export function createSpendActivity() {
  const inFlight = new Set<string>();
  let started = 0;
  return {
    began(id: string): void {
      inFlight.add(id);
      started += 1;
    },
    ended(id: string): void {
      inFlight.delete(id);
    },
    /** Taken when a reading is asked; `quiet()` when it is answered. */
    mark(): { quiet(): boolean } {
      const idleAtStart = inFlight.size === 0;
      const startedBefore = started;
      return { quiet: () => idleAtStart && inFlight.size === 0 && started === startedBefore };
    },
  };
}

export type SpendActivity = ReturnType<typeof createSpendActivity>;
