// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreferences } from '@/components/settings/preferences-store';
import { MailPeople } from '@/components/webmail/MailPeople';
import { recordAnswers } from '@/lib/book/store';
import { PRICES, type OperationName } from '@/lib/lookup/worker/operations';
import { sendMessage } from '@/lib/contracts/messenger';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import type { WebmailParticipants } from '@/lib/webmail/participant';
import { answer, mayaEnrichment, WORK } from '@/test/unit/card/fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/settings/preferences-store', async (actual) => ({ ...(await actual<object>()), startPreferencesMirror: vi.fn(() => () => {}) }));

type Request = { op: OperationName; input: Record<string, unknown> };

const conversation: WebmailParticipants = {
  client: 'gmail',
  sender: { name: 'Maya Chen', email: WORK, role: 'from' },
  others: [
    { name: 'Samuel Osei', email: 'samuel.osei@kestrel.example', role: 'from' },
    { name: null, email: 'priya.raman@helios.example', role: 'cc' },
  ],
  self: 'grace.hopper@inbox.example',
};

/** The worker as the card sees it: prices, lookups (Maya's enrichment written to the book first, as the worker does), the CRM. */
function fakeWorker() {
  const lookups: Request[] = [];
  const crmChecks: unknown[] = [];
  vi.mocked(sendMessage).mockImplementation((async (name: string, data: Request) => {
    if (name === 'preview') return { ok: true, value: { op: data.op, cost: PRICES[data.op], price: PRICES[data.op], inLedger: null } };
    if (name === 'crmStatus') return { ok: true, value: { connected: [{ target: 'hubspot', label: 'HubSpot' }] } };
    if (name === 'crmCheck') {
      crmChecks.push(data);
      return { ok: true, value: { results: [{ target: 'hubspot', label: 'HubSpot', state: 'not_in_crm', recordUrl: null, message: null }] } };
    }
    if (name === 'crmPushStatus') return { ok: true, value: [] };
    if (name !== 'lookup') return { ok: false, error: { kind: 'test', message: 'not in this test' } };
    lookups.push(data);
    const base = { op: data.op, historyId: `h${lookups.length}`, cost: PRICES[data.op], fromLedger: false, paidAt: null, refreshed: false };
    if (data.op !== 'enrichPerson') return { ok: true, value: { ...base, status: 'miss', cost: 0 } };
    const found = answer('enrichPerson', mayaEnrichment(), Date.now(), data.input);
    await recordAnswers([found]);
    return { ok: true, value: { ...base, status: 'paid', value: found.result } };
  }) as never);
  return { lookups, crmChecks };
}

function trustedClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  act(() => void element.dispatchEvent(event));
}

const row = (name: string) => screen.getByRole('group', { name });

beforeEach(() => usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true }));
afterEach(cleanup);

describe('web mail in the panel', () => {
  it('shows the sender’s card first, every lookup asked by the address, each with its price', async () => {
    fakeWorker();
    render(<MailPeople mail={conversation} offerLookups />);
    const card = screen.getByRole('article', { name: 'Maya Chen' });
    expect(await within(card).findByRole('button', { name: 'Full enrichment by email · up to 2 credits' })).toBeTruthy();
    expect(within(row('Personal emails')).getByRole('button', { name: 'Search by email · up to 1 credit' })).toBeTruthy();
    expect(within(row('Phones')).getByRole('button', { name: 'Find phone by email · up to 30 credits' })).toBeTruthy();
    expect(within(row('X profile')).getByRole('button', { name: 'Find X profile by email · up to 1 credit' })).toBeTruthy();
  });

  it('a trusted click enriches by the sender’s address; a synthetic one spends nothing', async () => {
    const worker = fakeWorker();
    render(<MailPeople mail={conversation} offerLookups />);
    const enrich = await screen.findByRole('button', { name: 'Full enrichment by email · up to 2 credits' });
    fireEvent.click(enrich);
    expect(worker.lookups).toEqual([]);
    trustedClick(enrich);
    await waitFor(() => expect(worker.lookups).toEqual([expect.objectContaining({ op: 'enrichPerson', input: { email: WORK } })]));
    expect(await within(row('Work email')).findByRole('link', { name: WORK })).toBeTruthy();
  });

  it('the picker offers the other senders, To and Cc; picking one shows their card and asks by their address', async () => {
    const worker = fakeWorker();
    render(<MailPeople mail={conversation} offerLookups />);
    const picker = screen.getByRole('combobox', { name: 'Person' });
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual([
      `Maya Chen <${WORK}>, sender`,
      'Samuel Osei <samuel.osei@kestrel.example>, sender',
      'priya.raman@helios.example, cc',
    ]);
    fireEvent.change(picker, { target: { value: 'priya.raman@helios.example' } });
    const card = screen.getByRole('article', { name: 'priya.raman@helios.example' });
    trustedClick(await within(card).findByRole('button', { name: 'Find phone by email · up to 30 credits' }));
    await waitFor(() => expect(worker.lookups).toEqual([expect.objectContaining({ op: 'searchPhone', input: { email: 'priya.raman@helios.example' } })]));
  });

  it('in EU mode, no search by personal email is offered, and the panel says why', async () => {
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, euMode: true } }, loaded: true });
    fakeWorker();
    render(<MailPeople mail={conversation} offerLookups />);
    await screen.findByRole('button', { name: 'Full enrichment by email · up to 2 credits' });
    expect(screen.queryByRole('button', { name: /Search by email/ })).toBeNull();
    expect(screen.getByText('Search by email (personal email) is off in EU mode.')).toBeTruthy();
  });

  it('checks the connected CRM for the address for free, before anything is paid', async () => {
    const worker = fakeWorker();
    render(<MailPeople mail={conversation} offerLookups />);
    expect(await screen.findByText('Not in your CRM yet (HubSpot)')).toBeTruthy();
    expect(screen.getByText('Checked for free: no credits are spent.')).toBeTruthy();
    expect(worker.crmChecks).toEqual([expect.objectContaining({ email: WORK, fullName: 'Maya Chen' })]);
    expect(worker.lookups).toEqual([]);
  });

  it('a message the user sent: no sender, the first recipient’s card; no message open: says so', () => {
    fakeWorker();
    const { rerender } = render(<MailPeople mail={{ ...conversation, sender: null }} offerLookups />);
    expect(screen.getByText('You sent this message: pick a recipient.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Samuel Osei' })).toBeTruthy();
    rerender(<MailPeople mail={null} offerLookups />);
    expect(screen.getByText('Open a message to see who wrote it.')).toBeTruthy();
  });
});
