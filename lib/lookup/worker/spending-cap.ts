import { createSerialQueue } from '@/lib/platform/storage/serial';

export interface CapReservation {
  /** Called once the lookup's real cost is in history: from then on history counts it. */
  settle(): void;
}

export type CapDecision = { ok: true; reservation: CapReservation } | { ok: false; spent: number };

export interface SpendingCapDeps {
  /** What history says was spent since `since` (a lost answer counted at its price). */
  spentSince(since: number): Promise<number>;
}

const NOTHING_RESERVED: CapReservation = { settle() {} };

export function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/**
 * The daily cap, safe under concurrency: each lookup reserves its worst-case price before its
 * request leaves, and keeps the reservation until its real cost is recorded. Checks run one
 * at a time, so twenty lookups started together can never pass a cap of ten credits between
 * them. Reservations live in worker memory: a stopped worker's lookups are recorded at their
 * price by the journal's recovery before any new lookup runs.
 */
export function createSpendingCap(deps: SpendingCapDeps) {
  const serial = createSerialQueue();
  let reserved = 0;

  function reserve(price: number, cap: number | null, now: number): Promise<CapDecision> {
    if (cap === null || price <= 0) return Promise.resolve({ ok: true, reservation: NOTHING_RESERVED });
    return serial(async () => {
      const spent = (await deps.spentSince(startOfDay(now))) + reserved;
      if (spent + price > cap) return { ok: false, spent };
      reserved += price;
      let settled = false;
      return {
        ok: true,
        reservation: {
          settle() {
            if (settled) return;
            settled = true;
            reserved -= price;
          },
        },
      };
    });
  }

  /**
   * Credits left under `cap` today, reservations of lookups in flight counted (null: no cap).
   * Read only: a bulk run's price is held against it before the run starts.
   */
  async function left(cap: number | null, now: number): Promise<number | null> {
    if (cap === null) return null;
    return Math.max(0, cap - ((await deps.spentSince(startOfDay(now))) + reserved));
  }

  return { reserve, left, get reserved() {
    return reserved;
  } };
}

export type SpendingCap = ReturnType<typeof createSpendingCap>;
