// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactCard } from '@/components/card/ContactCard';
import { PageCard } from '@/components/card/PageCard';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import type { ContactAnswer } from '@/lib/book/answer';
import { contactsOfAnswer } from '@/lib/card/from-answer';
import { recordAnswers } from '@/lib/book/store';
import { PRICES, type OperationName } from '@/lib/lookup/worker/operations';
import type { LookupResponse, Preview } from '@/lib/lookup/contract';
import { sendMessage } from '@/lib/contracts/messenger';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { answer, DAY, detection, MAYA_URL, mayaEnrichment, mayaPhones, PERSONAL, WORK } from '@/test/unit/card/fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/settings/preferences-store', async (actual) => ({ ...(await actual<object>()), startPreferencesMirror: vi.fn(() => () => {}) }));

type Request = { op: OperationName; input: Record<string, unknown>; refresh?: boolean; confirmed?: boolean };

/**
 * The worker, as far as the card sees it: it prices each request, and for a lookup it writes the
 * answer into the contact book before it replies (lib/book/worker/contact-book.ts), as the real
 * worker does. `answers` says what each operation finds; `hold` keeps a lookup running.
 */
function fakeWorker(options: { answers?: Partial<Record<OperationName, () => ContactAnswer>>; reply?: (request: Request) => Partial<LookupResponse> | null; preview?: (request: Request) => Partial<Preview> } = {}) {
  const lookups: Request[] = [];
  let release: (() => void) | null = null;
  const held = { on: false };
  vi.mocked(sendMessage).mockImplementation((async (name: string, request: Request) => {
    if (name === 'preview') {
      return { ok: true, value: { op: request.op, cost: PRICES[request.op], price: PRICES[request.op], inLedger: null, ...options.preview?.(request) } };
    }
    if (name !== 'lookup') return { ok: false, error: { kind: 'test', message: 'not in this test' } };
    lookups.push(request);
    if (held.on) await new Promise<void>((resolve) => (release = resolve));
    const base = { op: request.op, historyId: `h${lookups.length}`, cost: PRICES[request.op], fromLedger: false, paidAt: null, refreshed: Boolean(request.refresh) };
    const special = options.reply?.(request);
    if (special) return { ok: true, value: { status: 'paid', ...base, ...special } };
    const found = options.answers?.[request.op]?.();
    if (!found) return { ok: true, value: { ...base, status: 'miss', cost: 0 } };
    await recordAnswers([found]);
    return { ok: true, value: { ...base, status: 'paid', value: found.result } };
  }) as never);
  return {
    lookups,
    hold: () => void (held.on = true),
    release: () => {
      held.on = false;
      release?.();
    },
  };
}

function trustedClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  act(() => void element.dispatchEvent(event));
}

/** A row of the card: a group named by its label. */
const row = (name: string) => screen.getByRole('group', { name });

let clock = Date.now();
const mayaAnswers = {
  enrichPerson: () => answer('enrichPerson', mayaEnrichment(), (clock += 1000)),
  searchPhone: () => answer('searchPhone', mayaPhones(), (clock += 1000)),
};

beforeEach(() => {
  usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true });
});
afterEach(cleanup);

describe('the contact card on a profile page', () => {
  it('on a first visit: the page’s header, and every row not known yet with its lookup and price', async () => {
    fakeWorker();
    render(<PageCard detection={detection} corrections={{}} />);
    const card = screen.getByRole('article', { name: 'Maya Chen' });
    expect(within(card).getByText('VP of Engineering at Northwind Analytics')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'LinkedIn profile' }).getAttribute('href')).toBe(MAYA_URL);
    expect(await within(card).findByRole('button', { name: 'Enrich person and company · up to 2 credits' })).toBeTruthy();
    expect(within(row('Work email')).getByRole('button', { name: 'Find work email · up to 1 credit' })).toBeTruthy();
    expect(within(row('Phones')).getByRole('button', { name: 'Find mobile · up to 30 credits' })).toBeTruthy();
    expect(within(row('X profile')).getByRole('button', { name: 'Find X profile · up to 1 credit' })).toBeTruthy();
    expect(within(row('Company')).getByRole('button', { name: 'Enrich company · up to 2 credits' })).toBeTruthy();
    // Only a full enrichment finds personal emails: the row says so and has no button of its own.
    expect(within(row('Personal emails')).queryByRole('button')).toBeNull();
    // One filled button, the lookup that fills the most: every other is outlined.
    const filled = within(card).getAllByRole('button').filter((b) => !b.classList.contains('secondary'));
    expect(filled.map((b) => b.textContent)).toEqual(['Enrich person and company · up to 2 credits']);
    // What a price means is said where it is shown.
    expect(within(card).getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(within(card).getByText('Charged only for what is found.')).toBeTruthy();
    expect(within(row('Phones')).getByRole('button', { name: 'Find mobile · up to 30 credits' }).title).toBe('Charged only if a mobile is found.');
  });

  it('with Phone numbers on, the enrichment says its maximum and what makes it so', async () => {
    fakeWorker({ preview: (r) => (r.op === 'enrichPerson' ? { cost: 92, price: 92, mobiles: 3 } : {}) });
    render(<PageCard detection={detection} corrections={{}} />);
    const button = await screen.findByRole('button', { name: 'Enrich person and company · up to 92 credits' });
    const hint = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Charged only for what is found: 2 credits for a match, plus 30 credits for each mobile number (up to 3).');
  });

  it('a synthetic click spends nothing', async () => {
    const worker = fakeWorker({ answers: mayaAnswers });
    render(<PageCard detection={detection} corrections={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Find mobile · up to 30 credits' }));
    expect(worker.lookups).toEqual([]);
  });

  it('enrich, then find mobile: one card, the phone row filled in place (running shown on it), each email once', async () => {
    const worker = fakeWorker({ answers: mayaAnswers });
    render(<PageCard detection={detection} corrections={{}} />);
    trustedClick(await screen.findByRole('button', { name: 'Enrich person and company · up to 2 credits' }));
    await waitFor(() => expect(within(row('Work email')).getByRole('link', { name: WORK })).toBeTruthy());
    expect(within(row('Work email')).getByText('verified')).toBeTruthy();
    expect(within(row('Personal emails')).getByRole('link', { name: PERSONAL })).toBeTruthy();
    expect(await screen.findByText('Paid 2 credits.')).toBeTruthy();
    // Known now: its age, and a refresh that says it pays again, in the menu beside the name.
    fireEvent.click(screen.getByRole('button', { name: 'More about Maya Chen' }));
    const menu = screen.getByRole('group', { name: 'More about Maya Chen' });
    expect(within(menu).getByText('Found just now')).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Refresh (pays again, up to 2 credits)' })).toBeTruthy();
    // The next lookup leads now: the mobile.
    expect(within(row('Phones')).getByRole('button', { name: 'Find mobile · up to 30 credits' }).classList.contains('secondary')).toBe(false);

    worker.hold();
    trustedClick(within(row('Phones')).getByRole('button', { name: 'Find mobile · up to 30 credits' }));
    await waitFor(() => expect(within(row('Phones')).getByRole('status').textContent).toMatch(/Looking up/));
    // Everything waits for it: one lookup at a time.
    fireEvent.click(within(row('Work email')).getByRole('button', { name: 'More about Work email' }));
    expect((within(row('Work email')).getByRole('button', { name: /^Refresh/ }) as HTMLButtonElement).disabled).toBe(true);
    act(() => worker.release());

    const phones = row('Phones');
    await waitFor(() => expect(within(phones).getByRole('link', { name: '+1 415 555 0110' }).getAttribute('href')).toBe('tel:+14155550110'));
    expect(await within(phones).findByText('Paid 30 credits.')).toBeTruthy();
    expect(within(phones).getByRole('link', { name: 'Message +1 415 555 0110 on WhatsApp' }).getAttribute('href')).toBe('https://wa.me/14155550110');
    expect(within(phones).getByText('mobile')).toBeTruthy();
    expect(within(phones).getByText('landline')).toBeTruthy();
    expect(within(phones).getByText('not on WhatsApp')).toBeTruthy();
    expect(phones.textContent).not.toMatch(/other/i);
    expect(within(phones).getAllByRole('button', { name: /^Copy phone/ })).toHaveLength(3);

    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: WORK })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: PERSONAL })).toHaveLength(1);
    expect(worker.lookups.map((l) => l.op)).toEqual(['enrichPerson', 'searchPhone']);
  });

  it('"Refresh" pays again: the same request, sent as a refresh', async () => {
    await recordAnswers([mayaAnswers.searchPhone()]);
    const worker = fakeWorker({ answers: mayaAnswers });
    render(<PageCard detection={detection} corrections={{}} />);
    fireEvent.click(await within(await screen.findByRole('group', { name: 'Phones' })).findByRole('button', { name: 'More about Phones' }));
    const refresh = await within(row('Phones')).findByRole('button', { name: 'Refresh (pays again, up to 30 credits)' });
    expect(within(row('Phones')).getByText('Found just now')).toBeTruthy();
    trustedClick(refresh);
    // The menu closes: the row shows what the refresh is doing.
    expect(within(row('Phones')).queryByRole('group', { name: 'More about Phones' })).toBeNull();
    await waitFor(() => expect(within(row('Phones')).getByRole('status').textContent).toBe('Refreshed: paid again 30 credits.'));
    expect(worker.lookups).toEqual([{ op: 'searchPhone', input: { profileUrl: MAYA_URL }, refresh: true, attemptId: expect.any(String) }]);
  });

  it('a miss, a refusal and a failure show on their own row, with the reason', async () => {
    const worker = fakeWorker({
      preview: (r) => (r.op === 'microblogProfile' ? { refused: { kind: 'suppressed', message: 'This profile is on your suppression list.' } } : {}),
      reply: (r) =>
        r.op === 'enrichCompany'
          ? { status: 'refused', cost: 0, error: { kind: 'daily_cap', message: 'This would pass your daily cap of 20 credits.' } }
          : r.op === 'findWorkEmail'
            ? { status: 'failed', cost: 0, error: { kind: 'server_error', message: 'The gateway failed.' } }
            : null,
    });
    render(<PageCard detection={detection} corrections={{}} />);
    trustedClick(await screen.findByRole('button', { name: 'Find mobile · up to 30 credits' }));
    await waitFor(() => expect(within(row('Phones')).getByRole('status').textContent).toBe('No match found. Nothing was charged.'));

    trustedClick(within(row('Company')).getByRole('button', { name: 'Enrich company · up to 2 credits' }));
    await waitFor(() => expect(within(row('Company')).getByRole('alert').textContent).toBe('This would pass your daily cap of 20 credits. Nothing was charged.'));

    trustedClick(within(row('Work email')).getByRole('button', { name: 'Find work email · up to 1 credit' }));
    await waitFor(() => expect(within(row('Work email')).getByRole('alert').textContent).toBe('The gateway failed. Nothing was charged.'));
    // Each row keeps its own outcome.
    expect(within(row('Phones')).getByRole('status').textContent).toBe('No match found. Nothing was charged.');

    const microblog = within(row('X profile')).getByRole('button', { name: 'Find X profile · not available' }) as HTMLButtonElement;
    expect(microblog.disabled).toBe(true);
    expect(within(row('X profile')).getByText('This profile is on your suppression list.')).toBeTruthy();
    expect(worker.lookups.map((l) => l.op)).toEqual(['searchPhone', 'enrichCompany', 'findWorkEmail']);
  });

  it('above the user’s threshold, asks on the row first, then sends the same request confirmed', async () => {
    const worker = fakeWorker({ answers: mayaAnswers, reply: (r) => (r.op === 'searchPhone' && !r.confirmed ? { status: 'needs_confirmation', price: 30, cost: 0 } : null) });
    render(<PageCard detection={detection} corrections={{}} />);
    trustedClick(await screen.findByRole('button', { name: 'Find mobile · up to 30 credits' }));
    const go = await within(row('Phones')).findByRole('button', { name: 'Confirm and spend' });
    trustedClick(go);
    await waitFor(() => expect(within(row('Phones')).getByRole('link', { name: '+1 415 555 0110' })).toBeTruthy());
    expect(worker.lookups.map((l) => [l.op, Boolean(l.confirmed)])).toEqual([
      ['searchPhone', false],
      ['searchPhone', true],
    ]);
  });

  it('on a person’s card, a reply about their company alone keeps the person: the card reads the book again', async () => {
    const maya = mayaAnswers.enrichPerson();
    await recordAnswers([maya]);
    const { company } = await contactsOfAnswer(maya);
    const worker = fakeWorker();
    vi.mocked(sendMessage).mockImplementation((async (name: string, request: Request) => {
      if (name === 'preview') return { ok: true, value: { op: request.op, cost: PRICES[request.op], price: PRICES[request.op], inLedger: null } };
      if (name !== 'lookup') return { ok: false, error: { kind: 'test', message: 'not in this test' } };
      worker.lookups.push(request);
      // As the worker answers Enrich company: the card of the company the answer is about.
      const card = { person: null, company, keys: company!.keys };
      return { ok: true, value: { op: request.op, status: 'paid', historyId: 'h1', cost: 2, fromLedger: false, paidAt: null, refreshed: false, value: {}, card } };
    }) as never);
    render(<PageCard detection={detection} corrections={{}} />);
    await waitFor(() => expect(within(row('Work email')).getByRole('link', { name: WORK })).toBeTruthy());
    // The company is known from her enrichment: it is enriched again from its row's menu.
    fireEvent.click(within(row('Company')).getByRole('button', { name: 'More about Company' }));
    trustedClick(within(row('Company')).getByRole('button', { name: /^Refresh/ }));
    await waitFor(() => expect(worker.lookups).toHaveLength(1));
    await screen.findByText('Paid 2 credits.');
    expect(within(row('Work email')).getByRole('link', { name: WORK })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Maya Chen' })).toBeTruthy();
  });

  it('draws the contact the reply carries, in one trip: no merge of its own, no read of the book after', async () => {
    // A worker whose reply holds the card (lib/card/from-answer.ts cardOfResponse) and whose book
    // this page cannot see: the card can only come from the reply.
    const worker = fakeWorker();
    vi.mocked(sendMessage).mockImplementation((async (name: string, request: Request) => {
      if (name === 'preview') return { ok: true, value: { op: request.op, cost: PRICES[request.op], price: PRICES[request.op], inLedger: null } };
      if (name !== 'lookup') return { ok: false, error: { kind: 'test', message: 'not in this test' } };
      worker.lookups.push(request);
      const found = mayaAnswers.enrichPerson();
      const own = await contactsOfAnswer(found);
      const card = { person: own.person, company: own.company, keys: own.keys };
      return { ok: true, value: { op: request.op, status: 'paid', historyId: 'h1', cost: 2, fromLedger: false, paidAt: null, refreshed: false, value: found.result, card } };
    }) as never);
    render(<PageCard detection={detection} corrections={{}} />);
    trustedClick(await screen.findByRole('button', { name: 'Enrich person and company · up to 2 credits' }));
    await waitFor(() => expect(within(row('Work email')).getByRole('link', { name: WORK })).toBeTruthy());
    expect(worker.lookups).toHaveLength(1);
  });
});

describe('the contact card’s values', () => {
  it('hides personal emails in EU mode, and shows them otherwise', async () => {
    const { person, company } = await contactsOfAnswer(mayaAnswers.enrichPerson());
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, euMode: true } }, loaded: true });
    const { container, rerender } = render(<ContactCard subject={{ person, company, seed: null }} />);
    expect(screen.queryByRole('group', { name: 'Personal emails' })).toBeNull();
    expect(container.textContent).not.toContain(PERSONAL);
    act(() => usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true }));
    rerender(<ContactCard subject={{ person, company, seed: null }} />);
    expect(within(row('Personal emails')).getByText(PERSONAL)).toBeTruthy();
  });

  it('hides personal emails until the preferences are read', async () => {
    const { person, company } = await contactsOfAnswer(mayaAnswers.enrichPerson());
    usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: false });
    render(<ContactCard subject={{ person, company, seed: null }} />);
    expect(screen.queryByRole('group', { name: 'Personal emails' })).toBeNull();
    // A page that does not mirror the preferences yet (the panel's frame) starts it.
    expect(startPreferencesMirror).toHaveBeenCalledTimes(1);
  });

  it('grades each address (verified, catch-all, likely (not verified), unverified); when it was found is in the row’s menu', async () => {
    const at = Date.now() - 3 * DAY;
    const found = (address: string, grade: 'verified' | 'catch_all' | 'most_probable' | 'unverified') => ({ address, kind: 'work' as const, grade, foundAt: at, source: { op: 'findWorkEmail', historyId: null, at, paid: true } });
    const { person } = await contactsOfAnswer(mayaAnswers.enrichPerson());
    const graded = { ...person!, workEmails: [found('a@x.example', 'verified'), found('b@x.example', 'catch_all'), found('c@x.example', 'most_probable'), found('d@x.example', 'unverified')] };
    render(<ContactCard subject={{ person: graded, company: null, seed: null }} />);
    const emails = row('Work email');
    const expected: [string, string][] = [['a@x.example', 'verified'], ['b@x.example', 'catch-all'], ['c@x.example', 'likely (not verified)'], ['d@x.example', 'unverified']];
    for (const [address, grade] of expected) {
      const line = within(emails).getByRole('link', { name: address }).closest('li')!;
      expect(within(line as HTMLElement).getByText(grade)).toBeTruthy();
      expect(line.textContent).not.toContain('found');
      expect(within(line as HTMLElement).getByRole('button', { name: `Copy email ${address}` })).toBeTruthy();
    }
    fireEvent.click(within(emails).getByRole('button', { name: 'More about Work email' }));
    expect(within(emails).getByText('Found 3 days ago')).toBeTruthy();
  });

  it('says beside an address how old it is once it is old enough to doubt (three months)', async () => {
    const fact = (address: string, days: number) => {
      const at = Date.now() - days * DAY;
      return { address, kind: 'work' as const, grade: 'verified' as const, foundAt: at, source: { op: 'findWorkEmail', historyId: null, at, paid: true } };
    };
    const { person } = await contactsOfAnswer(mayaAnswers.enrichPerson());
    render(<ContactCard subject={{ person: { ...person!, workEmails: [fact('old@x.example', 200), fact('new@x.example', 30)] }, company: null, seed: null }} />);
    const line = (address: string) => within(row('Work email')).getByRole('link', { name: address }).closest('li')!.textContent;
    expect(line('old@x.example')).toMatch(/found on /);
    expect(line('new@x.example')).not.toContain('found');
  });

  it('a card with no lookups offered (no key) shows its values without buttons but the copy ones', async () => {
    const { person, company } = await contactsOfAnswer(mayaAnswers.searchPhone());
    render(<ContactCard subject={{ person, company, seed: null }} />);
    // Copy, the rows' menus, which say when each was found and offer no refresh, and the
    // article 14 notice, which costs nothing and is owed whether or not a key is set.
    const free = (b: HTMLElement) => b.textContent === 'Copy' || b.textContent === 'Notice for this person' || b.getAttribute('aria-label')?.startsWith('More about ');
    expect(screen.getAllByRole('button').every(free)).toBe(true);
    fireEvent.click(within(row('Phones')).getByRole('button', { name: 'More about Phones' }));
    expect(within(row('Phones')).getByText('Found just now')).toBeTruthy();
    expect(within(row('Phones')).queryByRole('button', { name: /^Refresh/ })).toBeNull();
  });
});

describe('where each value came from, in the row’s menu', () => {
  it('lists each phone with its lookup, day, charge and WhatsApp check, and links to its lookup in history in a new tab', async () => {
    const at = Date.UTC(2026, 2, 12, 10);
    const { person, company } = await contactsOfAnswer({ ...answer('searchPhone', mayaPhones(), at), historyId: 'h-phones', paid: false });
    render(<ContactCard subject={{ person, company, seed: null }} />);
    fireEvent.click(within(row('Phones')).getByRole('button', { name: 'More about Phones' }));
    const menu = within(row('Phones')).getByRole('group', { name: 'More about Phones' });
    const sources = within(menu).getByRole('list', { name: 'Where it came from' });
    const items = within(sources).getAllByRole('listitem');
    expect(items.map((i) => i.firstElementChild?.textContent)).toEqual(['+1 415 555 0110', '+1 415 555 0111', '+1 415 555 0112']);
    expect(items[0]!.textContent).toContain('Find phone numbers · Mar 12, 2026 · not charged');
    expect(items[0]!.textContent).toContain('On WhatsApp, checked Mar 12, 2026');
    expect(items[1]!.textContent).toContain('Not on WhatsApp, checked Mar 12, 2026');
    // Nobody checked the third: nothing said of WhatsApp.
    expect(items[2]!.textContent).not.toMatch(/WhatsApp/);
    const link = within(items[0]!).getByRole('link', { name: 'Open the lookup of Mar 12, 2026 in history (Find phone numbers)' });
    expect(link.getAttribute('href')).toMatch(/\/lookup-history\.html#h-phones$/);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('grades each email in words, and the header’s menu tells where the title and location came from, one line per answer', async () => {
    const at = Date.UTC(2026, 2, 12, 10);
    const { person, company } = await contactsOfAnswer(answer('enrichPerson', mayaEnrichment(), at));
    const catchAll = { address: 'guess@northwind.example', kind: 'work' as const, grade: 'catch_all' as const, foundAt: at + DAY, source: { op: 'findWorkEmail', historyId: null, at: at + DAY, paid: false } };
    render(<ContactCard subject={{ person: { ...person!, workEmails: [...person!.workEmails, catchAll] }, company, seed: null }} />);
    fireEvent.click(within(row('Work email')).getByRole('button', { name: 'More about Work email' }));
    const emails = within(within(row('Work email')).getByRole('list', { name: 'Where it came from' })).getAllByRole('listitem');
    expect(emails.map((e) => [...e.children].map((c) => c.textContent))).toEqual([
      [WORK, 'Verified', 'Enrich person · Mar 12, 2026 · paid', 'Open in history'],
      // Not in history (no entry): no link.
      ['guess@northwind.example', 'Catch-all domain', 'Find work email · Mar 13, 2026 · not charged'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'More about Maya Chen' }));
    const header = within(screen.getByRole('group', { name: 'More about Maya Chen' })).getByRole('list', { name: 'Where it came from' });
    const [facts, ...others] = within(header).getAllByRole('listitem');
    expect(others).toEqual([]);
    expect(facts!.firstElementChild?.textContent).toMatch(/^Name, Title, .*Location/);
    expect(facts!.textContent).toContain('Enrich person · Mar 12, 2026 · paid');
  });
});
