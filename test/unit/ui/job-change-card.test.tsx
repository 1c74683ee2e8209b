// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageCard } from '@/components/card/PageCard';
import { usePreferences } from '@/components/settings/preferences-store';
import { recordAnswers } from '@/lib/book/store';
import { sendMessage } from '@/lib/contracts/messenger';
import type { Detection } from '@/lib/detect/detection';
import { PRICES, type OperationName } from '@/lib/lookup/worker/operations';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { answer, DAY, detection, MAYA_URL, mayaEnrichment, WORK } from '@/test/unit/card/fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/settings/preferences-store', async (actual) => ({ ...(await actual<object>()), startPreferencesMirror: vi.fn(() => () => {}) }));

type Request = { op: OperationName; input: Record<string, unknown>; refresh?: boolean };

/** The worker as the card sees it: the ledger holds her old work email search; lookups are recorded, not run. */
function fakeWorker() {
  const lookups: Request[] = [];
  vi.mocked(sendMessage).mockImplementation((async (name: string, request: Request) => {
    if (name === 'preview') {
      const inLedger = request.op === 'findWorkEmail' ? { paidAt: DAY, creditBurn: 1 } : null;
      return { ok: true, value: { op: request.op, cost: inLedger ? 0 : PRICES[request.op], price: PRICES[request.op], inLedger } };
    }
    if (name !== 'lookup') return { ok: false, error: { kind: 'test', message: 'not in this test' } };
    lookups.push(request);
    return { ok: true, value: { op: request.op, historyId: 'h1', status: 'miss', cost: 0, fromLedger: false, paidAt: null, refreshed: Boolean(request.refresh) } };
  }) as never);
  return lookups;
}

function trustedClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  act(() => void element.dispatchEvent(event));
}

/** Her profile today: CTO at Initech. */
const moved: Detection = { ...detection, person: { fullName: 'Maya Chen', jobTitle: 'CTO', company: 'Initech', profileUrl: MAYA_URL } };

beforeEach(() => usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true }));
afterEach(cleanup);

describe('the card of someone who changed jobs', () => {
  it('says so, marks the old work email probably gone, and asks for the new one at Initech, paying again over the ledger', async () => {
    await recordAnswers([answer('enrichPerson', mayaEnrichment(), DAY)]);
    const lookups = fakeWorker();
    render(<PageCard detection={moved} corrections={{}} />);
    const card = screen.getByRole('article', { name: 'Maya Chen' });
    expect(await within(card).findByText('Changed jobs: was VP of Engineering at Northwind Analytics')).toBeTruthy();
    const work = within(card).getByRole('group', { name: 'Work email' });
    const old = within(work).getByRole('link', { name: WORK }).closest('li')!;
    expect(within(old).getByText('probably gone').getAttribute('title')).toBe('They left Northwind Analytics: this address probably no longer reaches them.');
    // Its full price, not "already paid": the ledger's answer is the old company's.
    const find = await within(work).findByRole('button', { name: 'Find work email at Initech · up to 1 credit' });
    expect(find.classList.contains('secondary')).toBe(false);
    trustedClick(find);
    await waitFor(() => expect(lookups).toHaveLength(1));
    expect(lookups[0]).toMatchObject({ op: 'findWorkEmail', input: { fullName: 'Maya Chen', company: 'Initech', profileUrl: MAYA_URL }, refresh: true });
  });

  it('on her unchanged profile, none of it', async () => {
    await recordAnswers([answer('enrichPerson', mayaEnrichment(), DAY)]);
    fakeWorker();
    render(<PageCard detection={detection} corrections={{}} />);
    const card = screen.getByRole('article', { name: 'Maya Chen' });
    await waitFor(() => expect(within(card).getByRole('link', { name: WORK })).toBeTruthy());
    expect(within(card).queryByText(/Changed jobs/)).toBeNull();
    expect(within(card).queryByText('probably gone')).toBeNull();
  });
});
