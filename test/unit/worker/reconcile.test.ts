import { describe, expect, it } from 'vitest';
import { createBalanceReconciler, MAX_CHARGED_KEPT, type BalanceBaseline } from '@/lib/balance/worker/reconcile';
import type { HistoryEntry } from '@/lib/history/entry';

const ACCOUNT = 'account-a';

function lookup(id: string, outcome: HistoryEntry['outcome'], cost: number, maxCost?: number): HistoryEntry {
  return {
    id,
    op: 'searchPhone',
    subject: id,
    input: {},
    identity: null,
    outcome,
    cost,
    fromLedger: false,
    paidAt: null,
    at: 1,
    pageUrl: null,
    error: null,
    ...(maxCost === undefined ? {} : { maxCost }),
  } as HistoryEntry;
}

function setUp() {
  let baseline: BalanceBaseline | null = null;
  const recorded: { entry: HistoryEntry; suspects: readonly string[] }[] = [];
  let n = 0;
  const reconciler = createBalanceReconciler({
    readBaseline: async () => baseline,
    writeBaseline: async (next) => void (baseline = next),
    recordDifference: async (entry, suspects) => void recorded.push({ entry, suspects }),
    newId: () => `difference-${++n}`,
  });
  const read = (credits: number, at: number, quiet = true) => reconciler.reading({ account: ACCOUNT, credits, at, quiet });
  return { reconciler, read, recorded, baseline: () => baseline };
}

describe('the balance held against what the lookups cost', () => {
  it('a lookup charged twice by a re-sent request: the extra is recorded and the lookup named', async () => {
    const { reconciler, read, recorded } = setUp();
    await read(1_000, 100);
    await reconciler.recorded(lookup('phone-1', 'paid', 30));
    const entry = await read(940, 200);
    expect(entry).toMatchObject({
      op: 'balanceDifference',
      outcome: 'difference',
      cost: 30,
      at: 200,
      difference: { cause: 'repeat', credits: 30, from: 100, to: 200, before: 1_000, after: 940, expected: 30, suspects: ['phone-1'] },
    });
    expect(recorded.map((r) => r.suspects)).toEqual([['phone-1']]);
  });

  it('every answer lost and the request charged twice: more than even the most it could cost', async () => {
    const { reconciler, read } = setUp();
    await read(1_000, 100);
    await reconciler.recorded(lookup('phone-1', 'unknown', 0, 30));
    expect(await read(940, 200)).toMatchObject({ difference: { cause: 'repeat', credits: 30, suspects: ['phone-1'] } });
  });

  it('a lost answer charged once, or not at all, is no difference', async () => {
    const { reconciler, read } = setUp();
    await read(1_000, 100);
    await reconciler.recorded(lookup('phone-1', 'unknown', 0, 30));
    expect(await read(970, 200)).toBeNull();
    await reconciler.recorded(lookup('phone-2', 'unknown', 0, 30));
    expect(await read(970, 300)).toBeNull();
  });

  it('spending with no lookup of Dossier in between is told apart: spent elsewhere, not counted as Dossier’s', async () => {
    const { read } = setUp();
    await read(1_000, 100);
    expect(await read(960, 200)).toMatchObject({ cost: 0, difference: { cause: 'elsewhere', credits: 40, suspects: [] } });
  });

  it('more than the lookups cost with no single lookup to blame: unclear, every lookup named', async () => {
    const { reconciler, read } = setUp();
    await read(1_000, 100);
    await reconciler.recorded(lookup('a', 'paid', 2));
    await reconciler.recorded(lookup('b', 'paid', 1));
    expect(await read(990, 200)).toMatchObject({ cost: 7, difference: { cause: 'unclear', credits: 7, expected: 3, suspects: ['a', 'b'] } });
  });

  it('credits added (a top-up, a refund) are recorded too, at no cost', async () => {
    const { reconciler, read } = setUp();
    await read(1_000, 100);
    await reconciler.recorded(lookup('a', 'paid', 2));
    expect(await read(1_498, 200)).toMatchObject({ cost: 0, difference: { cause: 'added', credits: 500 } });
  });

  it('a reading taken while a paid lookup was in flight is passed over; the next quiet one covers the whole stretch', async () => {
    const { reconciler, read, baseline } = setUp();
    await read(1_000, 100);
    // Charged at the gateway, not yet recorded: the reading would show a false difference.
    expect(await read(970, 150, false)).toBeNull();
    expect(baseline()).toMatchObject({ credits: 1_000, at: 100 });
    await reconciler.recorded(lookup('phone-1', 'paid', 30));
    expect(await read(970, 200)).toBeNull();
    expect(baseline()).toMatchObject({ credits: 970, at: 200, known: 0, lookups: 0, charged: [] });
  });

  it('free answers, misses and lookups recorded again are counted once, at what they cost', async () => {
    const { reconciler, read } = setUp();
    await read(1_000, 100);
    await reconciler.recorded(lookup('miss', 'miss', 0));
    await reconciler.recorded(lookup('lost', 'unknown', 0, 30));
    // The same lookup recorded again (settled later): its charge replaces the first count.
    await reconciler.recorded(lookup('lost', 'paid', 30));
    expect(await read(970, 200)).toBeNull();
  });

  it('another key or gateway starts again; an answer older than the baseline is passed over', async () => {
    const { reconciler, read, recorded, baseline } = setUp();
    await read(1_000, 100);
    await reconciler.reading({ account: 'account-b', credits: 50, at: 150, quiet: true });
    expect(recorded).toHaveLength(0);
    expect(baseline()).toMatchObject({ account: 'account-b', credits: 50 });
    expect(await reconciler.reading({ account: 'account-b', credits: 10, at: 120, quiet: true })).toBeNull();
    expect(recorded).toHaveLength(0);
  });

  it('a bulk run between two readings: every lookup counted, the latest kept as possible causes, none blamed alone', async () => {
    const { reconciler, read } = setUp();
    await read(10_000, 100);
    for (let i = 0; i < 200; i++) await reconciler.recorded(lookup(`row-${i}`, 'paid', 1));
    const entry = await read(9_799, 200);
    expect(entry?.difference).toMatchObject({ cause: 'unclear', credits: 1, expected: 200 });
    expect(entry?.difference?.suspects).toHaveLength(MAX_CHARGED_KEPT);
    expect(entry?.difference?.suspects.at(-1)).toBe('row-199');
  });
});
