// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BulkPage } from '@/components/bulk/BulkPage';
import { STALL_MS } from '@/components/bulk/RunProgress';
import { BULK_MAX_ROWS, runCountsSchema, type BulkRow, type BulkRun } from '@/lib/bulk/model';
import { readRows } from '@/lib/bulk/store';
import { setCatalog, type MessageKey } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import { sendMessage } from '@/lib/contracts/messenger';
import { preferencesItem } from '@/lib/settings/stored';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { usePreferences } from '@/components/settings/preferences-store';
import { installFakeWorker, type FakeWorker } from '@/test/unit/ui/bulk-fake-worker';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const CSV = ['Name,Company,Email,LinkedIn', `Maya Chen,Northwind,maya@northwind.example,${MAYA}`, 'Bob Stone,Acme,,', 'Only Name,,,'].join('\n');

/** Spending needs the user's own click; a test stands in for the user here. */
function trustedClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  act(() => void element.dispatchEvent(event));
}

let worker: FakeWorker;

beforeEach(() => {
  history.replaceState(null, '', '/bulk.html');
  worker = installFakeWorker();
});
afterEach(() => {
  cleanup();
  setCatalog('en', en);
});

async function createRun(csvRows: string[][] = Papa.parse<string[]>(CSV).data): Promise<BulkRun> {
  const [headers, ...rows] = csvRows;
  const reply = (await sendMessage('bulkCreate', { name: 'attendees.csv', source: 'csv', headers: headers!, rows, mapping: ['fullName', 'company', 'email', 'profileUrl'] })) as { value: BulkRun };
  worker.calls.length = 0;
  return reply.value;
}

async function openRun(run: BulkRun) {
  location.hash = `run=${run.id}`;
  render(<BulkPage />);
  await screen.findByRole('heading', { name: run.name, level: 2 });
}

async function startedRun(): Promise<BulkRun> {
  const run = await createRun();
  await sendMessage('bulkQuote', { runId: run.id, operations: ['enrichPerson'], skipInCrm: false });
  const quoted = (await readRun(run.id))!;
  await sendMessage('bulkStart', { runId: run.id, quoteId: quoted.quote!.id });
  worker.calls.length = 0;
  return (await readRun(run.id))!;
}

async function readRun(id: string) {
  const { getRun } = await import('@/lib/bulk/store');
  return getRun(id);
}

const choose = (name: RegExp | string) => screen.getByRole('checkbox', { name });

describe('the bulk page: sources', () => {
  it('a CSV file chosen with the file picker becomes a draft run, its columns mapped by their headers', async () => {
    render(<BulkPage />);
    expect(screen.getByText(/Up to 10,000 rows per run/)).toBeTruthy();
    const picker = screen.getByLabelText('or choose a CSV file');
    expect(picker.getAttribute('type')).toBe('file');
    fireEvent.change(picker, { target: { files: [new File([CSV], 'attendees.csv', { type: 'text/csv' })] } });
    await screen.findByRole('heading', { name: 'attendees.csv', level: 2 });
    expect(worker.named('bulkCreate')).toEqual([
      {
        name: 'attendees.csv',
        source: 'csv',
        headers: ['Name', 'Company', 'Email', 'LinkedIn'],
        rows: [
          ['Maya Chen', 'Northwind', 'maya@northwind.example', MAYA],
          ['Bob Stone', 'Acme', '', ''],
          ['Only Name', '', '', ''],
        ],
        mapping: ['fullName', 'company', 'email', 'profileUrl'],
      },
    ]);
    expect(location.hash).toMatch(/^#run=run-\d+$/);
    expect((screen.getByRole('combobox', { name: 'Dossier field for column “Email”' }) as HTMLSelectElement).value).toBe('email');
    expect((screen.getByRole('combobox', { name: 'Dossier field for column “LinkedIn”' }) as HTMLSelectElement).value).toBe('profileUrl');
  });

  it('a CSV file dropped on the drop zone is read the same way', async () => {
    render(<BulkPage />);
    const zone = screen.getByRole('group', { name: 'Drop a CSV file here' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.className).toContain('over');
    fireEvent.drop(zone, { dataTransfer: { files: [new File([CSV], 'dropped.csv', { type: 'text/csv' })] } });
    await screen.findByRole('heading', { name: 'dropped.csv', level: 2 });
    expect(worker.named('bulkCreate')).toHaveLength(1);
  });

  it('a file over the limit is refused with the reader’s message before anything reaches the worker', async () => {
    render(<BulkPage />);
    const big = ['Email', ...Array.from({ length: BULK_MAX_ROWS + 1 }, (_, i) => `p${i}@northwind.example`)].join('\n');
    fireEvent.change(screen.getByLabelText('or choose a CSV file'), { target: { files: [new File([big], 'big.csv', { type: 'text/csv' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(en['bulk.csv.tooManyRows'].replaceAll('{limit}', '10,000'));
    expect(worker.named('bulkCreate')).toEqual([]);
  });

  it('pasted lines become a run of their own', async () => {
    render(<BulkPage />);
    fireEvent.change(screen.getByRole('textbox', { name: 'One person per line' }), { target: { value: `${MAYA}\nbob@acme.example\nMaya Chen, Northwind` } });
    fireEvent.click(screen.getByRole('button', { name: 'Use these lines' }));
    await waitFor(() => expect(worker.named('bulkCreate')).toHaveLength(1));
    const [created] = worker.named('bulkCreate') as { source: string; rows: string[][] }[];
    expect(created!.source).toBe('paste');
    expect(created!.rows).toHaveLength(3);
    await screen.findByRole('heading', { name: /^Pasted lines/, level: 2 });
  });

  it('the list collected on search pages: its count, “Use this list” and “Clear”', async () => {
    worker.collection = [
      { profileUrl: MAYA, fullName: 'Maya Chen', headline: 'Head of Data' },
      { profileUrl: 'https://www.linkedin.com/in/bob-stone/', fullName: 'Bob Stone' },
    ];
    render(<BulkPage />);
    expect(await screen.findByText('2 people in the list.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use this list' }));
    await waitFor(() => expect(worker.named('bulkCreate')).toHaveLength(1));
    const [created] = worker.named('bulkCreate') as { source: string; rows: string[][]; mapping: unknown[] }[];
    expect(created!.source).toBe('search');
    expect(created!.rows).toHaveLength(2);
    expect(created!.mapping).toContain('profileUrl');
    fireEvent.click(await screen.findByRole('button', { name: 'New run' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the list' }));
    await screen.findByText(/The list is empty/);
    expect(worker.named('bulkClearCollection')).toHaveLength(1);
  });
});

describe('the bulk page: columns, preview and price', () => {
  it('shows the first rows as they will be sent for the chosen operation, and the unusable rows with their reason', async () => {
    const run = await createRun();
    await openRun(run);
    fireEvent.click(choose(/^Full enrichment/));
    const table = await screen.findByRole('columnheader', { name: 'Full enrichment sends' });
    // The preview's rows are read from the worker after its header shows.
    await waitFor(() =>
      expect(within(table.closest('table')!).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
        expect.stringContaining(`Profile URL: ${MAYA}`),
        expect.stringContaining('Full name: Bob Stone · Company: Acme'),
        expect.stringContaining(en['bulk.problem.noCompany'].replace('{name}', 'Only Name')),
      ]),
    );
    expect(screen.getByRole('heading', { name: '1 row cannot be used' })).toBeTruthy();
    expect(await screen.findByText(/^Row 3: Only Name has no company/)).toBeTruthy();
  });

  it('a column changed on the mapping screen goes to the worker; a field chosen twice is a problem, and no price is asked', async () => {
    const run = await createRun();
    await openRun(run);
    fireEvent.change(screen.getByRole('combobox', { name: 'Dossier field for column “Company”' }), { target: { value: 'email' } });
    expect(await screen.findByRole('list', { name: 'Problems with the columns' })).toBeTruthy();
    fireEvent.click(choose(/^Full enrichment/));
    expect(screen.getByText('Correct the columns to see the price.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Dossier field for column “Company”' }), { target: { value: '' } });
    await waitFor(() => expect(worker.named('bulkRemap')).toEqual([{ runId: run.id, mapping: ['fullName', null, 'email', 'profileUrl'] }]));
    // The price follows the new columns: Bob has no company now, so only Maya can be enriched.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Start: spend up to/ }).textContent).toBe('Start: spend up to 2 credits'));
    expect(worker.named('bulkQuote').at(-1)).toEqual({ runId: run.id, operations: ['enrichPerson'], skipInCrm: false });
  });

  it('with Phone numbers on, a full enrichment is offered at its maximum a row, and says why', async () => {
    await preferencesItem.setValue({ lookups: { fullFlags: { phoneFull: true } } });
    try {
      await openRun(await createRun());
      expect(await screen.findByRole('checkbox', { name: 'Full enrichment (up to 92 credits a row, including up to 3 mobile numbers at 30 credits each)' })).toBeTruthy();
      expect(choose('Find work email (up to 1 credit a row)')).toBeTruthy();
    } finally {
      cleanup();
      await preferencesItem.setValue({});
      usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: false });
    }
  });

  it('prices the run before it starts; a synthetic click spends nothing; the user’s click starts it with that quote', async () => {
    worker.ledger.add(MAYA);
    worker.capLeft = 500;
    worker.historyOverflow = 40;
    worker.crmUnknown = 1;
    const run = await createRun();
    await openRun(run);
    expect(screen.getByText('Choose at least one operation to see the price.')).toBeTruthy();
    expect(worker.named('bulkQuote')).toEqual([]);
    fireEvent.click(choose('Full enrichment (up to 2 credits a row)'));
    // Offered once the page knows a CRM is connected (its own question to the worker).
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Skip people already in my CRM (HubSpot), checked for free' }));
    const start = await screen.findByRole('button', { name: 'Start: spend up to 2 credits' });
    // The first choice's quote may show before the second's (the CRM skip): wait for the one with both.
    await screen.findByText('Not checked: the CRM did not answer, or not in time (counted to pay)');
    const quote = screen.getByLabelText('What makes the price', { selector: 'dl' });
    const facts = Object.fromEntries(within(quote).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      'The most this run may cost': '2 credits',
      'Lookups to pay for': '1',
      'Answered free (already paid for)': '1',
      'Skipped: already in your CRM': '0',
      'Not checked: the CRM did not answer, or not in time (counted to pay)': '1',
      'Skipped: cannot be used': '1',
      'Left under today’s spending cap': '500 credits',
    });
    expect(screen.getByText('This run adds 40 entries past your history’s size limit: the oldest entries will be removed.')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Price by operation' }).textContent).toBe('Full enrichment: 1 × 2 credits (1 free)');
    expect(worker.named('bulkQuote').at(-1)).toEqual({ runId: run.id, operations: ['enrichPerson'], skipInCrm: true });

    fireEvent.click(start);
    expect(worker.named('bulkStart')).toEqual([]);
    trustedClick(start);
    await waitFor(() => expect(worker.named('bulkStart')).toHaveLength(1));
    const quoted = (await readRun(run.id))!;
    expect(worker.named('bulkStart')).toEqual([{ runId: run.id, quoteId: quoted.quote!.id }]);
    expect(await screen.findByRole('progressbar', { name: 'Run progress' })).toBeTruthy();
  });

  it('a run over the day’s cap says why and cannot start', async () => {
    worker.capLeft = 3;
    const run = await createRun();
    await openRun(run);
    fireEvent.click(choose(/^Full enrichment/));
    const start = await screen.findByRole('button', { name: 'Start: spend up to 4 credits' });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('more than the 3 credits left under today’s spending cap');
    trustedClick(start);
    expect(worker.named('bulkStart')).toEqual([]);
  });
});

describe('the bulk page: a run once started', () => {
  it('shows the progress live from the vault: progressbar, counts, time left; pause, resume and cancel after a question', async () => {
    const run = await startedRun();
    await openRun(run);
    const bar = screen.getByRole('progressbar', { name: 'Run progress' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['0', '3']);

    await act(() => worker.update(run.id, { counts: runCountsSchema.parse({ total: 3, done: 2, paid: 1, free: 1, skipped: 1, spent: 2 }), rate: 0.5 }));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('3'));
    const counts = screen.getByLabelText('Counts', { selector: 'dl' });
    expect(Object.fromEntries(within(counts).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]))).toMatchObject({ Done: '2', Paid: '1', Free: '1', Skipped: '1', Spent: '2 credits' });

    await act(() => worker.update(run.id, { counts: runCountsSchema.parse({ total: 3, done: 1, paid: 1 }), rate: 0.5 }));
    await waitFor(() => expect(screen.getByText(/about 4 seconds left/)).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(worker.named('bulkPause')).toEqual([{ runId: run.id }]));
    await screen.findByRole('button', { name: 'Resume' });
    await act(() => worker.update(run.id, { pauseReason: { kind: 'daily_cap', message: 'today’s spending cap is reached.' } }));
    expect(await screen.findByText('Paused by Dossier: today’s spending cap is reached.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(worker.named('bulkResume')).toEqual([{ runId: run.id }]));
    // Running again (read back from the vault) before the cancel is asked, so no re-render drops the question.
    await screen.findByRole('button', { name: 'Pause' });

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the run' }));
    expect(worker.named('bulkCancel')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the run' }));
    await waitFor(() => expect(worker.named('bulkCancel')).toEqual([{ runId: run.id }]));
  });

  it('wakes the worker when a running run has not moved for a while (the browser may have stopped it)', async () => {
    const run = await startedRun();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await openRun(run);
      // The clock starts once the page shows the run as running (its stored state read back).
      await screen.findByRole('button', { name: 'Pause' });
      await act(async () => {});
      act(() => vi.advanceTimersByTime(STALL_MS - 100));
      expect(worker.named('bulkWake')).toEqual([]);
      act(() => vi.advanceTimersByTime(200));
      expect(worker.named('bulkWake')).toEqual([undefined]);
      // A paused run is left alone.
      await act(() => worker.update(run.id, { state: 'paused' }));
      await screen.findByRole('button', { name: 'Resume' });
      // The paused run's effects (the stall timer's cleanup) run after the paint the button shows in.
      await act(async () => {});
      act(() => vi.advanceTimersByTime(STALL_MS * 3));
      expect(worker.named('bulkWake')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers failed tasks again for free, and unknown ones at their price, confirmed by the user’s click', async () => {
    const run = await startedRun();
    const rows = await readRows(run.id, 0, 10);
    const withTask = (row: BulkRow, state: 'failed' | 'unknown', op: 'enrichPerson' | 'searchPhone') => ({ ...row, tasks: [{ op, state, attemptId: 'a', outcome: state, cost: 0, quoted: 2, reason: null, requeued: 0 }] });
    await worker.updateRows([withTask(rows[0]!, 'unknown', 'enrichPerson'), withTask(rows[1]!, 'unknown', 'searchPhone'), withTask(rows[2]!, 'failed', 'enrichPerson')]);
    await worker.update(run.id, { state: 'done', counts: runCountsSchema.parse({ total: 3, failed: 1, unknown: 2 }) });
    await openRun(run);

    const failed = screen.getByRole('button', { name: 'Retry 1 failed (free if it fails again)' });
    fireEvent.click(failed);
    expect(worker.named('bulkRetry')).toEqual([]);
    trustedClick(failed);
    await waitFor(() => expect(worker.named('bulkRetry')).toEqual([{ runId: run.id, which: 'failed' }]));
    await act(() => worker.update(run.id, { state: 'done' }));

    // 2 for the enrichment, 30 for the phone search: each may be charged again.
    await screen.findByRole('button', { name: 'Send again 2 with result unknown (up to 32 credits)' });
    // The run's counts may be written before its rows: the price follows the rows.
    await act(() => worker.update(run.id, { state: 'done', counts: runCountsSchema.parse({ total: 3, unknown: 3 }) }));
    await screen.findByRole('button', { name: 'Send again 3 with result unknown (up to 32 credits)' });
    await act(() => worker.updateRows([withTask(rows[2]!, 'unknown', 'enrichPerson')]));
    await screen.findByRole('button', { name: 'Send again 3 with result unknown (up to 34 credits)' });
    await act(() => worker.updateRows([withTask(rows[2]!, 'failed', 'enrichPerson')]));
    await act(() => worker.update(run.id, { state: 'done', counts: runCountsSchema.parse({ total: 3, failed: 1, unknown: 2 }) }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send again 2 with result unknown (up to 32 credits)' }));
    const yes = screen.getByRole('button', { name: 'Send again, up to 32 credits' });
    fireEvent.click(yes);
    expect(worker.named('bulkRetry')).toHaveLength(1);
    trustedClick(yes);
    await waitFor(() => expect(worker.named('bulkRetry').at(-1)).toEqual({ runId: run.id, which: 'unknown', price: 32 }));
  });

  it('downloads the results as one CSV line per row, the original columns first', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:x'));
    URL.revokeObjectURL = vi.fn();
    const run = await startedRun();
    await openRun(run);
    fireEvent.click(screen.getByRole('button', { name: 'Download results CSV' }));
    expect(await screen.findByText('Saved a results file of 3 rows.')).toBeTruthy();
    const csv = Papa.parse<string[]>((await blobs[0]!.text()).replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(csv).toHaveLength(4);
    expect(csv[0]!.slice(0, 4)).toEqual(['Name', 'Company', 'Email', 'LinkedIn']);
    expect(csv.slice(1).map((r) => r[0])).toEqual(['Maya Chen', 'Bob Stone', 'Only Name']);
  });

  it('lists the rows a page at a time with each operation’s state', async () => {
    const names = Array.from({ length: 120 }, (_, i) => [`Person ${i + 1}`, 'Northwind', '', '']);
    const run = await createRun([['Name', 'Company', 'Email', 'LinkedIn'], ...names]);
    await sendMessage('bulkQuote', { runId: run.id, operations: ['enrichPerson'], skipInCrm: false });
    await sendMessage('bulkStart', { runId: run.id, quoteId: (await readRun(run.id))!.quote!.id });
    const [first] = await readRows(run.id, 0, 1);
    await worker.updateRows([{ ...first!, tasks: [{ op: 'enrichPerson', state: 'done', attemptId: 'a', outcome: 'paid', cost: 2, quoted: 2, reason: null, requeued: 0 }] }]);
    await openRun(run);
    const table = screen.getByRole('table', { description: 'Rows 1–50 of 120' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(51));
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Found, paid 2 credits');
    fireEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next rows' }));
    await waitFor(() => expect(within(screen.getByRole('table', { description: 'Rows 101–120 of 120' })).getAllByRole('row')).toHaveLength(21));
    expect((screen.getByRole('button', { name: 'Next rows' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pushes all matched to the CRM after showing the plan', async () => {
    const run = await startedRun();
    await worker.update(run.id, { state: 'done', counts: runCountsSchema.parse({ total: 3, done: 2, paid: 2 }) });
    await openRun(run);
    fireEvent.click(await screen.findByRole('button', { name: 'Push all matched to HubSpot' }));
    expect(await screen.findByText('3 create, 1 update, 2 skip')).toBeTruthy();
    expect(worker.named('bulkCrmPush')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, push to HubSpot' }));
    expect(await screen.findByText('4 people queued for HubSpot; the outbox sends them and retries on failure. 2 skipped.')).toBeTruthy();
    expect(worker.named('bulkCrmPush')).toEqual([{ runId: run.id, target: 'hubspot', overwrite: [] }]);
  });
});

describe('the bulk page: past runs', () => {
  it('lists runs with their state; a running one cannot be deleted; deleting asks first', async () => {
    const running = await startedRun();
    // Runs are listed newest first by creation time; two created in the same millisecond would tie.
    const startedAt = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(startedAt));
    // A draft stored before lists being prepared were told apart from runs: it stays listed.
    const draft = await createRun();
    await worker.update(draft.id, { preparing: undefined });
    render(<BulkPage />);
    const list = (await screen.findByRole('heading', { name: 'Runs' })).parentElement!;
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [newest, older] = within(list).getAllByRole('listitem');
    expect(newest!.textContent).toContain('Not priced yet');
    expect(older!.textContent).toContain('Running');
    expect((within(older!).getByRole('button', { name: 'Delete “attendees.csv”' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(newest!).getByRole('button', { name: 'Delete “attendees.csv”' }));
    expect(worker.named('bulkDelete')).toEqual([]);
    fireEvent.click(within(newest!).getByRole('button', { name: 'Yes, delete the run' }));
    await waitFor(() => expect(worker.named('bulkDelete')).toEqual([{ runId: draft.id }]));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    fireEvent.click(within(list).getByRole('button', { name: 'Open “attendees.csv”' }));
    expect(location.hash).toBe(`#run=${running.id}`);
    expect(await screen.findByRole('progressbar', { name: 'Run progress' })).toBeTruthy();
  });
});

describe('the bulk page: a list being prepared', () => {
  it('is no past run; left for a new run, it is forgotten; a started run stays when left', async () => {
    const draft = await createRun();
    await openRun(draft);
    const list = (await screen.findByRole('heading', { name: 'Runs' })).parentElement!;
    await waitFor(() => expect(within(list).getByText('No runs yet.')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'New run' }));
    await waitFor(() => expect(worker.named('bulkDelete')).toEqual([{ runId: draft.id }]));
    cleanup();

    const running = await startedRun();
    await openRun(running);
    const runs = (await screen.findByRole('heading', { name: 'Runs' })).parentElement!;
    await waitFor(() => expect(within(runs).getByRole('button', { name: 'Open “attendees.csv”' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'New run' }));
    await screen.findByRole('heading', { name: 'New run', level: 2 });
    expect(worker.named('bulkDelete')).toEqual([]);
  });
});

describe('the bulk page’s words', () => {
  it('all come from the i18n table, in every state of a run', async () => {
    const pseudo = Object.fromEntries(Object.entries(en).map(([key, text]) => [key, `⟦${key}${(text.match(/\{\w+\}/g) ?? []).map((p) => ` ${p}`).join('')}⟧`])) as Record<MessageKey, string>;
    worker.collection = [{ profileUrl: MAYA }];
    const draft = await createRun();
    const running = await startedRun();
    await worker.update(running.id, { state: 'paused', pauseReason: { kind: 'daily_cap', message: '§reason' }, counts: runCountsSchema.parse({ total: 3, failed: 1, unknown: 1, done: 1, paid: 1 }) });
    const rows = await readRows(running.id, 0, 1);
    await worker.updateRows([{ ...rows[0]!, tasks: [{ op: 'enrichPerson', state: 'unknown', attemptId: 'a', outcome: 'unknown', cost: 0, quoted: 2, reason: null, requeued: 0 }] }]);
    setCatalog('en-x-keys', pseudo);
    const seen: string[] = [];
    const text = (container: HTMLElement) => {
      const attributes = [...container.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder', 'aria-valuetext'].map((name) => el.getAttribute(name) ?? ''));
      return [container.textContent ?? '', ...attributes].join('\n');
    };
    const { container, unmount } = render(<BulkPage />);
    await waitFor(() => expect(text(container)).toContain('⟦bulk.ui.collected.count'));
    seen.push(text(container));
    unmount();
    location.hash = `run=${draft.id}`;
    const second = render(<BulkPage />);
    fireEvent.click(await second.findByRole('checkbox', { name: /bulk\.ui\.op\.enrichPerson/ }));
    await waitFor(() => expect(text(second.container)).toContain('⟦bulk.ui.quote.start'));
    seen.push(text(second.container));
    second.unmount();
    location.hash = `run=${running.id}`;
    const third = render(<BulkPage />);
    await waitFor(() => expect(text(third.container)).toContain('⟦bulk.ui.progress.retryUnknown'));
    seen.push(text(third.container));

    // What the worker wrote in the rows (in English, before the test language) and the CRM's name are data here.
    const stored = en['bulk.problem.noCompany'].replace('{name}', 'Only Name');
    const data = [stored, 'HubSpot', MAYA, 'attendees.csv', 'Maya Chen', 'Northwind', 'maya@northwind.example', 'Bob Stone', 'Acme', 'Only Name', 'Name', 'Company', 'Email', 'LinkedIn', '§reason'];
    let rest = seen.join('\n').replace(/⟦[\w.]+/g, ' ');
    for (const value of data.sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
    // Dates are the browser's locale: data as far as this test goes.
    rest = rest.replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|AM|PM)\b/g, ' ');
    expect(rest.replace(/[^\p{L}]/gu, '')).toBe('');
  });
});
