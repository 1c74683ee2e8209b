import { describe, expect, it, vi } from 'vitest';
import type { Enrichment } from '@/lib/enrichment/model';
import type { BulkPerson } from '@/lib/bulk/model';
import { requestFor } from '@/lib/bulk/person';
import { quoteRun, type QuoteDeps } from '@/lib/bulk/worker/quote';
import { bookFreshnessOf } from '@/lib/bulk/worker/wiring';
import { recordAnswers } from '@/lib/book/store';
import { DAY_MS, type Freshness } from '@/lib/book/freshness';
import { identity } from '@/lib/identity/keys';
import { PRICES } from '@/lib/lookup/worker/operations';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { aRow, aRun, memoryStore } from '@/test/unit/bulk/runner-fakes';

const NOW = Date.UTC(2026, 10, 29);
const url = (i: number) => `https://www.linkedin.com/in/p${i}/`;

describe('a bulk quote says which rows the book knows, ageing or stale', () => {
  it('counts the rows the book knows, and those with ageing or stale values, from the book alone', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => aRow(i, []));
    const states: (Freshness | null)[] = [null, null, null, 'fresh', 'fresh', 'fresh', 'ageing', 'ageing', 'stale', 'stale'];
    const book = { freshness: vi.fn(async (people: readonly (BulkPerson | null)[], _now: number) => people.map((p) => states[Number(/p(\d+)/.exec(p!.profileUrl!)![1])]!)) };
    const preview = vi.fn(async ({ op }: { op: 'enrichPerson' }) => ({ op, cost: PRICES[op], price: PRICES[op], inLedger: null }));
    const deps: QuoteDeps = {
      store: memoryStore([aRun({ state: 'draft', rowCount: 10 })], rows),
      preview: preview as never,
      requestFor,
      crm: null,
      capLeft: async () => null,
      history: { count: async () => 0, maxEntries: async () => 10_000 },
      book,
      now: () => NOW,
      newId: () => 'quote-1',
    };
    const { quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(quote.known).toEqual({ rows: 7, ageing: 2, stale: 2 });
    // The price is what it was: the book's answer is information, not a discount.
    expect(quote).toMatchObject({ total: 10 * PRICES.enrichPerson, toPay: 10 });
    // One page of rows, one read of the book; the service was asked only its prices (free previews).
    expect(book.freshness).toHaveBeenCalledTimes(1);
    expect(book.freshness.mock.calls[0]![1]).toBe(NOW);
    expect(preview).toHaveBeenCalledTimes(10);
  });

  it('a book that cannot be read leaves its counts out, and the run is still priced', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => aRow(i, []));
    const book = { freshness: vi.fn(async () => Promise.reject(new Error('vault closed'))) };
    const preview = vi.fn(async ({ op }: { op: 'enrichPerson' }) => ({ op, cost: PRICES[op], price: PRICES[op], inLedger: null }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const deps: QuoteDeps = {
      store: memoryStore([aRun({ state: 'draft', rowCount: 3 })], rows),
      preview: preview as never,
      requestFor,
      crm: null,
      capLeft: async () => null,
      history: { count: async () => 0, maxEntries: async () => 10_000 },
      book,
      now: () => NOW,
      newId: () => 'quote-1',
    };
    const { run, quote } = await quoteRun(deps, aRun({ state: 'draft' }), { operations: ['enrichPerson'], skipInCrm: false });
    expect(run.state).toBe('quoted');
    expect(quote).toMatchObject({ total: 3 * PRICES.enrichPerson, toPay: 3 });
    expect(quote).not.toHaveProperty('known');
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('the book is read by the keys each row would be asked with (profile, email, name at company)', async () => {
    const found = (days: number, slug: string, email: string): Enrichment =>
      ({ person: { fullName: slug, networkUrl: `https://www.linkedin.com/in/${slug}/`, urls: [], emails: [{ address: email, verified: true, status: 'verified' }], phones: [], extra: {} }, extra: {} }) as Enrichment;
    const answer = (days: number, slug: string, email: string, input: Record<string, unknown>) => ({
      op: 'enrichPerson' as const,
      result: found(days, slug, email),
      historyId: `h-${slug}`,
      at: NOW - days * DAY_MS,
      paid: true,
      requestKeys: [identity.networkProfile(`https://www.linkedin.com/in/${slug}/`)!],
      input,
    });
    await recordAnswers([answer(200, 'old-one', 'old@x.example', { profileUrl: url(1) }), answer(100, 'mid-one', 'mid@x.example', {}), answer(2, 'new-one', 'new@x.example', {})]);
    const people: (BulkPerson | null)[] = [{ profileUrl: 'https://www.linkedin.com/in/old-one/' }, { email: 'mid@x.example' }, { profileUrl: 'https://www.linkedin.com/in/new-one/' }, { profileUrl: 'https://www.linkedin.com/in/stranger/' }, null];
    expect(await bookFreshnessOf(people, NOW, DEFAULT_PREFERENCES.valueAge)).toEqual(['stale', 'ageing', 'fresh', null, null]);
  });
});
