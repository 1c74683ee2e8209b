// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecentLookups } from '@/components/history/RecentLookups';
import { recordAnswers } from '@/lib/book/store';
import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { answer, DAY, MAYA_URL, mayaEnrichment } from '@/test/unit/card/fixtures';

const NOW = Date.now();

/** An entry as the history stores it, read back through its schema (which types the answer by operation). */
function entry(id: string, op: string, input: Record<string, unknown>, over: Record<string, unknown> = {}): HistoryEntry {
  return historyEntrySchema.parse({ id, op, subject: String(input.profileUrl ?? input.email), input, identity: 'person:maya-chen', outcome: 'miss', cost: 0, fromLedger: false, paidAt: null, at: NOW, pageUrl: null, error: null, ...over });
}

describe('the popup’s recent list', () => {
  afterEach(cleanup);

  it('shows people: one line for Maya with what was done, named from her own answer', () => {
    render(
      <RecentLookups
        entries={[
          entry('h2', 'searchPhone', { profileUrl: MAYA_URL }, { at: NOW - 1000 }),
          entry('h1', 'enrichPerson', { profileUrl: MAYA_URL }, { outcome: 'paid', cost: 2, result: mayaEnrichment(), at: NOW - 2000 }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Recent lookups' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toContain('Maya Chen · Northwind Analytics');
    expect(items[0]!.textContent).toContain('Find phone numbers · No match (free), Enrich person · Paid · 2 credits');
    // It opens the newest of her lookups.
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toMatch(/lookup-history\.html#h2$/);
  });

  it('names someone none of whose entries names them from the contact book, and only then falls back to what was asked', async () => {
    await recordAnswers([answer('enrichPerson', mayaEnrichment(), NOW - DAY)]);
    render(
      <RecentLookups
        entries={[
          entry('h3', 'searchPhone', { email: 'ghost@nowhere.example' }, { identity: 'email:ghost@nowhere.example' }),
          entry('h2', 'searchPhone', { profileUrl: MAYA_URL }, { at: NOW - 1000 }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Recent lookups' });
    expect(await within(list).findByText('Maya Chen · Northwind Analytics')).toBeTruthy();
    expect(within(list).getByText('ghost@nowhere.example')).toBeTruthy();
  });
});
