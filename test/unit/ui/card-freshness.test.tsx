// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactCard } from '@/components/card/ContactCard';
import { usePreferences } from '@/components/settings/preferences-store';
import type { CompanyContact, EmailFact, PersonContact, PhoneFact } from '@/lib/book/model';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { DAY } from '@/test/unit/card/fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/settings/preferences-store', async (actual) => ({ ...(await actual<object>()), startPreferencesMirror: vi.fn(() => () => {}) }));

const ago = (days: number) => Date.now() - days * DAY;
const source = (at: number) => ({ op: 'enrichPerson', historyId: null, at, paid: true });
const email = (address: string, days: number): EmailFact => ({ address, kind: 'work', grade: 'verified', foundAt: ago(days), source: source(ago(days)) });
const phone = (e164: string, days: number): PhoneFact => ({ e164, international: e164, kind: 'mobile', foundAt: ago(days), source: source(ago(days)) });
const fact = (value: string, days: number) => ({ value, source: source(ago(days)), alternates: [] });

function maya(over: Partial<PersonContact> = {}): PersonContact {
  return {
    kind: 'person',
    id: 'person:maya-chen',
    keys: ['person:maya-chen'],
    words: [],
    tags: [],
    firstSeenAt: ago(400),
    updatedAt: ago(1),
    urls: [],
    name: fact('Maya Chen', 1),
    title: fact('VP of Engineering', 1),
    companyName: fact('Northwind Analytics', 1),
    workEmails: [],
    personalEmails: [],
    phones: [],
    ...over,
  };
}

const row = (name: string) => screen.getByRole('group', { name });
const line = (scope: HTMLElement, text: string) => within(scope).getByText(text).closest('li') as HTMLElement;

beforeEach(() => usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true }));
afterEach(cleanup);

describe('the card says which values are ageing or stale', () => {
  it('each email by its own age: fresh says nothing, ageing and stale say so in words, with when it was found', () => {
    render(<ContactCard subject={{ person: maya({ workEmails: [email('new@x.example', 30), email('mid@x.example', 100), email('old@x.example', 200)] }), company: null, seed: null }} />);
    const emails = row('Work email');
    expect(line(emails, 'new@x.example').textContent).not.toMatch(/ageing|stale|found/);
    const mid = line(emails, 'mid@x.example');
    expect(within(mid).getByText('ageing').getAttribute('title')).toBe('Found a while ago: it may have changed.');
    expect(mid.textContent).toMatch(/found on /);
    const old = line(emails, 'old@x.example');
    expect(within(old).getByText('stale').getAttribute('title')).toBe('Old enough that it has likely changed: check it before you use it.');
  });

  it('phones age sooner than emails (60 days by default)', () => {
    render(<ContactCard subject={{ person: maya({ phones: [phone('+14155550100', 70)], workEmails: [email('a@x.example', 70)] }), company: null, seed: null }} />);
    expect(within(line(row('Phones'), '+14155550100')).getByText('ageing')).toBeTruthy();
    expect(line(row('Work email'), 'a@x.example').textContent).not.toMatch(/ageing|stale/);
  });

  it('the title and company, said as what they are (“role stale”)', () => {
    const { unmount } = render(<ContactCard subject={{ person: maya({ title: fact('VP of Engineering', 300) }), company: null, seed: null }} />);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('role stale')).toBeTruthy();
    unmount();
    render(<ContactCard subject={{ person: maya(), company: null, seed: null }} />);
    expect(within(screen.getByRole('banner')).queryByText(/role/)).toBeNull();
  });

  it('the company’s facts, on the company row', () => {
    const company: CompanyContact = { kind: 'company', id: 'domain:northwind.example', keys: ['domain:northwind.example'], words: [], tags: [], firstSeenAt: ago(400), updatedAt: ago(200), name: fact('Northwind Analytics', 200), industry: fact('Software', 200) };
    render(<ContactCard subject={{ person: maya(), company, seed: null }} />);
    expect(within(row('Company')).getByText('ageing')).toBeTruthy();
  });

  it('follows the ages set in the settings', () => {
    render(<ContactCard subject={{ person: maya({ workEmails: [email('a@x.example', 30)] }), company: null, seed: null }} />);
    expect(line(row('Work email'), 'a@x.example').textContent).not.toMatch(/stale/);
    act(() => usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, valueAge: { ...DEFAULT_PREFERENCES.valueAge, email: { ageingDays: 10, staleDays: 20 } } }, loaded: true }));
    expect(within(line(row('Work email'), 'a@x.example')).getByText('stale')).toBeTruthy();
  });
});
