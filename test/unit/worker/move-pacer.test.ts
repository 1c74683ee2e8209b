import { describe, expect, it } from 'vitest';
import { MovePacer, OPENING_SLICE_MS, SLICE_MS, type PacerClock } from '@/lib/history/worker/move-pacer';

/** A clock the test moves: `work(ms)` is the move's own time, waits are recorded and pass at once. */
function fakeClock() {
  let now = 0;
  let opening = false;
  const waits: number[] = [];
  const clock: PacerClock = {
    now: () => now,
    opening: () => opening,
    wait: async (ms) => {
      waits.push(ms);
      now += ms;
    },
  };
  return { clock, setOpening: (value: boolean) => (opening = value), work: (ms: number) => (now += ms), waits };
}

/** One batch of `size` entries at `msPerEntry`: moved, a pause, booked, a pause (as record-migration.ts runs it). */
async function batch(pacer: MovePacer, time: ReturnType<typeof fakeClock>, msPerEntry: number): Promise<number> {
  const size = pacer.nextBatch();
  time.work((size * msPerEntry) / 2);
  await pacer.pause();
  time.work((size * msPerEntry) / 2);
  await pacer.pause();
  return size;
}

describe('the history move paces itself by time, not by entries', () => {
  it('sizes batches to a slice of time: large when no page opens, short while one does, on a fast or a slow machine', async () => {
    for (const msPerEntry of [0.2, 0.5]) {
      const time = fakeClock();
      const pacer = new MovePacer(time.clock);
      for (let i = 0; i < 6; i++) await batch(pacer, time, msPerEntry);
      const idle = await batch(pacer, time, msPerEntry);
      expect(idle * msPerEntry).toBeGreaterThan(SLICE_MS * 0.8);
      expect(idle * msPerEntry).toBeLessThan(SLICE_MS * 1.2);
      time.setOpening(true);
      const opening = await batch(pacer, time, msPerEntry);
      expect(opening * msPerEntry).toBeLessThan(OPENING_SLICE_MS * 1.2);
    }
  });

  it('gives up a task between steps; stands aside only while a page opens, for at most half its last step', async () => {
    const time = fakeClock();
    const pacer = new MovePacer(time.clock);
    pacer.nextBatch();
    time.work(40);
    await pacer.pause();
    expect(time.waits).toEqual([0]);
    time.setOpening(true);
    time.work(10);
    await pacer.pause();
    time.work(400);
    await pacer.pause();
    expect(time.waits).toEqual([0, 0, 5, 0, OPENING_SLICE_MS]);
  });
});
