// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactBook } from '@/components/book/ContactBook';
import { SearchQueue } from '@/components/panel/SearchQueue';
import type { SearchResultRow } from '@/lib/detect/detection';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/book/book-fixtures';
import { installFakeWorker, type FakeWorker } from '@/test/unit/ui/bulk-fake-worker';
import { fakeLayout } from '@/test/unit/book/layout';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const row = (slug: string, fullName?: string, headline?: string): SearchResultRow => ({ key: slug, fullName, headline, profileUrl: `https://www.linkedin.com/in/${slug}/` });
const PAGE_ONE = [row('maya-chen', 'Maya Chen', 'Head of Data at Northwind'), row('bob-stone', 'Bob Stone'), { key: 'no-link', fullName: 'No Link' }];
const PAGE_TWO = [row('bob-stone', 'Bob Stone'), row('priya-raman', 'Priya Raman', 'CTO')];

let worker: FakeWorker;
beforeEach(() => {
  worker = installFakeWorker();
  fakeBrowser.reset();
});
afterEach(cleanup);

describe('the panel’s search list', () => {
  it('adds every person of the page to one bulk list; the next page grows the same list, each person once', async () => {
    const { rerender } = render(<SearchQueue rows={PAGE_ONE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add all 2 on this page to a bulk list' }));
    expect(await screen.findByText('2 added: the bulk list holds 2 people.')).toBeTruthy();
    expect(worker.named('bulkCollect')).toEqual([
      {
        people: [
          { profileUrl: 'https://www.linkedin.com/in/maya-chen/', fullName: 'Maya Chen', headline: 'Head of Data at Northwind' },
          { profileUrl: 'https://www.linkedin.com/in/bob-stone/', fullName: 'Bob Stone' },
        ],
      },
    ]);

    // The next page of results: the panel's search list shows it in place of the first.
    rerender(<SearchQueue rows={PAGE_TWO} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add all 2 on this page to a bulk list' }));
    expect(await screen.findByText('1 added: the bulk list holds 3 people.')).toBeTruthy();
    expect(worker.collection.map((p) => p.fullName)).toEqual(['Maya Chen', 'Bob Stone', 'Priya Raman']);
  });

  it('shows the list’s size when it opens, and opens the bulk page through the worker', async () => {
    worker.collection = [{ profileUrl: 'https://www.linkedin.com/in/maya-chen/' }];
    render(<SearchQueue rows={PAGE_TWO} />);
    expect(await screen.findByText('The bulk list holds 1 person.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open bulk enrichment' }));
    await waitFor(() => expect(worker.named('openBulk')).toEqual([undefined]));
  });
});

/** happy-dom lays nothing out: the book's scroller is given a height, so its virtual rows render. */
function giveTheListAHeight() {
  fakeLayout();
}

/** The book's actions are a chunk loaded after the first rows (React.lazy): loading it, with the fake `wxt/browser` it brings, takes more than findBy's default second on a cold start or under load. */
const ACTIONS_LOAD_MS = 10_000;

describe('the contact book’s “Enrich in bulk”', () => {
  it('makes a run of the selected contacts and opens the bulk page on it', async () => {
    giveTheListAHeight();
    await putContacts([MAYA, MAYA_NAMESAKE, BOB, NORTHWIND]);
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<ContactBook />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Bob Stone' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Maya Chen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enrich in bulk' }, { timeout: ACTIONS_LOAD_MS }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(worker.named('bulkFromContacts')).toEqual([{ ids: [BOB.id, MAYA.id] }]);
    expect(created.mock.calls[0]![0]).toEqual({ url: expect.stringMatching(/^chrome-extension:\/\/[^/]+\/bulk\.html#run=run-\d+$/) });
  }, 2 * ACTIONS_LOAD_MS);
});
