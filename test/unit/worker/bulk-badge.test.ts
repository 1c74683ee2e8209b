import { describe, expect, it } from 'vitest';
import { bulkBadgeFor } from '@/lib/bulk/worker/badge';
import { emptyCounts } from '@/lib/bulk/counts';

const run = (state: 'running' | 'paused' | 'done', total: number, settled: { done?: number; failed?: number; unknown?: number; skipped?: number }) => ({
  state,
  counts: { ...emptyCounts(total), ...settled },
});

describe('the toolbar badge during a bulk run', () => {
  it('shows how far the run is, and its counts in the title', () => {
    expect(bulkBadgeFor([run('running', 1_000, { done: 300, failed: 20, unknown: 10, skipped: 90 })])).toMatchObject({ text: '42%', title: 'Bulk run: 420 of 1,000' });
  });

  it('adds up every running run, and leaves paused and finished ones out', () => {
    const badge = bulkBadgeFor([run('running', 100, { done: 50 }), run('running', 300, { done: 50 }), run('paused', 500, { done: 1 }), run('done', 10, { done: 10 })]);
    expect(badge).toMatchObject({ text: '25%', title: 'Bulk run: 100 of 400' });
  });

  it('never says 100% before the run is done, and 0% before anything settled', () => {
    expect(bulkBadgeFor([run('running', 1_000, { done: 999 })])?.text).toBe('99%');
    expect(bulkBadgeFor([run('running', 0, {})])?.text).toBe('0%');
  });

  it('none when no run is running: the balance badge comes back', () => {
    expect(bulkBadgeFor([])).toBeNull();
    expect(bulkBadgeFor([run('paused', 10, {})])).toBeNull();
  });
});
