// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import { PushPlanView } from '@/components/crm/PushPlanView';
import { PushStatusList } from '@/components/crm/PushStatusList';
import { FoundItems } from '@/components/panel/FoundItems';
import { formatDate } from '@/components/panel/format';
import { formatTime } from '@/lib/platform/i18n/relative-time';
import { Panel } from '@/components/panel/Panel';
import { LookupCard } from '@/components/card/LookupCard';
import { recordAnswers } from '@/lib/book/store';
import { SearchQueue } from '@/components/panel/SearchQueue';
import { summarise, titleOf } from '@/lib/lookup/worker/summary';
import type { EmailResult } from '@/lib/enrichment/model';
import type { CrmContact } from '@/lib/crm/contact';
import { toVCard } from '@/lib/crm/export/vcard';
import { createCrmHttp } from '@/lib/crm/worker/http';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import { HUBSPOT_SCOPES } from '@/lib/crm/connection';
import { planPush } from '@/lib/crm/worker/plan';
import { summaryLines } from '@/lib/crm/summary';
import { CRM_FIELDS, CRM_LABELS } from '@/lib/crm/types';
import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import type { Detection } from '@/lib/detect/detection';
import { setCatalog, t, type MessageKey } from '@/lib/platform/i18n';
import { en } from '@/lib/platform/i18n/en';
import type { Company, Person } from '@/lib/enrichment/model';
import { OPERATION_NAMES, type OperationName, type ResultOf } from '@/lib/lookup/operation-names';
import type { LookupResponse } from '@/lib/lookup/contract';
import { sendMessage } from '@/lib/contracts/messenger';
import { z } from 'zod';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

/**
 * A test language in which every message is its own key, placeholders kept:
 * `⟦crm.plan.heading {crm} {action}⟧`. Rendered under it, the panel and the CRM screens must
 * show nothing but keys, punctuation and the data they were given: an English word left over
 * is a string that does not go through the i18n table.
 */
const PSEUDO = Object.fromEntries(
  Object.entries(en).map(([key, text]) => [key, `⟦${key}${(text.match(/\{\w+\}/g) ?? []).map((p) => ` ${p}`).join('')}⟧`]),
) as Record<MessageKey, string>;

/** Fixture data is written `§word`, so that it can be told apart from the product's words. */
function leftover(text: string, data: readonly string[] = []): string {
  let rest = text;
  for (const value of data) rest = rest.split(value).join(' ');
  return rest
    .replace(/§[^\s,()·:;“”⟦⟧]*/g, ' ')
    .replace(/⟦[\w.]+/g, ' ')
    .replace(/[^\p{L}]/gu, '');
}

/** Dates and times the browser's locale wrote (a card's "found 3 days ago" carries the full date as its title). */
function localeDates(root: HTMLElement): string[] {
  return [...root.querySelectorAll('time')].map((el) => el.getAttribute('title') ?? '').filter(Boolean);
}

function visibleText(root: HTMLElement): string {
  const attributes = [...root.querySelectorAll('*')].flatMap((el) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => el.getAttribute(name) ?? ''));
  return [root.textContent ?? '', ...attributes].join('\n');
}

const markers = (text: string) => text.split('⟦').length - 1;

/** Spending and pushing need a real click; a test stands in for the user here. */
function trustedClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  act(() => void element.dispatchEvent(event));
}

const PAID_AT = Date.UTC(2026, 2, 15, 9, 30);

const contact: CrmContact = {
  identity: 'person:§maya',
  fullName: '§Maya',
  firstName: '§Maya',
  lastName: '§Chen',
  jobTitle: '§Analyst',
  location: '§Paris',
  emails: [
    { address: '§maya@northwind.example', status: 'verified' },
    { address: '§m.chen@northwind.example', status: 'most_probable' },
  ],
  phones: [{ e164: '+14155550110', type: 'mobile' }],
  profileUrl: 'https://www.linkedin.com/in/§maya/',
  company: { name: '§Northwind', domain: '§northwind.example', website: 'https://§northwind.example' },
  enrichedAt: PAID_AT,
  historyId: 'h1',
};

const person: Person = {
  fullName: '§Maya',
  jobTitle: '§Analyst',
  headline: '§Headline',
  companyName: '§Northwind',
  location: '§Paris',
  confidence: 9,
  networkUrl: 'https://www.linkedin.com/in/maya/',
  urls: [],
  emails: [
    { address: '§maya@northwind.example', verified: true, status: 'verified' },
    { address: '§m.chen@northwind.example', verified: false, status: 'most_probable' },
    { address: '§mc@northwind.example', verified: false, status: 'unknown' },
  ],
  phones: [
    { e164: '+14155550110', international: '+1 415 555 0110', type: 'mobile', whatsapp: true },
    { e164: '+14155550111', international: '+1 415 555 0111', whatsapp: false },
  ],
  extra: { '§seniority': '§senior', '§remote': true, '§manager': false },
};

const company: Company = {
  name: '§Northwind',
  domain: '§northwind.example',
  industry: '§Software',
  size: '§51-200',
  founded: '2001',
  headquarters: '§Paris',
  country: '§FR',
  phone: { e164: '+33100000000', international: '+33 1 00 00 00 00' },
  confidence: 8,
  description: '§Description',
  website: 'https://northwind.example',
  networkUrl: 'https://www.linkedin.com/company/northwind/',
  extra: {},
};

/** The contact book's record of §Maya, as the worker writes it after an enrichment: every row of the card has values. */
async function bookMaya(): Promise<void> {
  const phones = [
    { e164: '+14155550110', international: '+1 415 555 0110', type: 'mobile' as const, whatsapp: true },
    { e164: '+14155550111', international: '+1 415 555 0111', type: 'landline' as const, whatsapp: false },
    { e164: '+14155550112', international: '+1 415 555 0112' },
  ];
  const emails = [...person.emails, { address: '§maya@gmail.com', verified: true, status: 'verified' }] as EmailResult[];
  await recordAnswers([
    {
      op: 'enrichPerson',
      result: { person: { ...person, emails, phones, microblogUsername: '§mayab' }, company, extra: {} },
      historyId: 'h1',
      at: PAID_AT,
      paid: true,
      requestKeys: ['person:maya'],
      input: { profileUrl: 'https://www.linkedin.com/in/maya/' },
    },
  ]);
}

function response<Op extends OperationName>(op: Op, value: ResultOf<Op> | undefined, extra: Partial<Omit<LookupResponse, 'op' | 'value'>> = {}): LookupResponse<Op> {
  return { status: 'paid', op, historyId: 'h1', value, cost: 2, fromLedger: false, paidAt: null, refreshed: false, ...extra };
}

const RESPONSES: LookupResponse[] = [
  response('enrichPerson', { person, company, extra: {} }),
  response('enrichPerson', { person, extra: {} }, { refreshed: true }),
  response('enrichCompany', company, { status: 'free', cost: 0 }),
  response('enrichCompany', company, { fromLedger: true, paidAt: PAID_AT, status: 'cached', cost: 0 }),
  response('findWorkEmail', { status: 'verified', email: person.emails[0], candidates: person.emails, patterns: [], extra: {} }, { status: 'miss', cost: 0 }),
  response('findWorkEmail', { status: 'not_found', candidates: [], patterns: [], extra: {} }, { status: 'failed', cost: 0 }),
  response('searchPhone', undefined, { status: 'refused', cost: 0, error: { kind: 'daily_cap', message: '§refusal' } }),
  response('searchPhone', { person, candidates: [], warnings: [], extra: {} }),
  response('reversePhone', { phone: person.phones[0]!, person }),
  response('searchPersonalEmail', { email: '§maya@mail.example', person, positions: [], schools: [] }),
  response('microblogProfile', { username: '§maya', displayName: '§Maya', bio: '§Bio', location: '§Paris', followers: 10, following: 20, url: 'https://x.example/maya', person, extra: {} }),
];

const outbox = (state: OutboxItemView['state'], extra: Partial<OutboxItemView> = {}): OutboxItemView => ({
  id: `o-${state}-${extra.result?.action ?? ''}`,
  target: 'hubspot',
  name: '§Maya',
  identity: 'person:§maya',
  historyId: 'h1',
  state,
  attempts: 2,
  nextAttemptAt: PAID_AT,
  updatedAt: PAID_AT,
  error: state === 'failed' || state === 'retrying' ? { kind: 'auth', message: '§crmSaysNo' } : null,
  result: null,
  action: 'create',
  ...extra,
});

const OUTBOX: OutboxItemView[] = [
  outbox('queued'),
  outbox('sending'),
  outbox('retrying'),
  outbox('retrying', { id: 'o-budget', error: { kind: 'rate_limited', message: '§crmSaysNo', budget: 'daily' } }),
  outbox('failed'),
  outbox('delivered', { result: { action: 'created', recordId: '1', recordUrl: 'https://app.hubspot.com/1' } }),
  outbox('delivered', { result: { action: 'updated', recordId: '2', recordUrl: null } }),
  outbox('delivered', { result: { action: 'skipped', recordId: '3', recordUrl: null } }),
  outbox('delivered', { id: 'o-redirected', target: 'webhook', result: { action: 'created', recordId: '4', recordUrl: null, redirected: true } }),
];

/** Formatted by the browser's locale, not by the catalog: data as far as this test goes. */
const URLS = [contact.profileUrl!, contact.company!.website!, 'https://www.linkedin.com/in/§bo/'];
const FORMATTED = [formatDate(PAID_AT), formatTime(PAID_AT)];

function replies(): Record<string, unknown> {
  return {
    panelStatus: { hasKey: true, isSandbox: true, credits: 0 },
    preview: { op: 'enrichPerson', cost: 0, price: 2, inLedger: { paidAt: PAID_AT, creditBurn: 2 } },
    crmStatus: { connected: (['hubspot', 'pipedrive', 'webhook'] as const).map((target) => ({ target, label: CRM_LABELS[target] })) },
    crmCheck: {
      results: [
        { target: 'hubspot', label: CRM_LABELS.hubspot, state: 'in_crm', recordUrl: 'https://app.hubspot.com/1', message: null },
        { target: 'webhook', label: CRM_LABELS.webhook, state: 'in_crm', recordUrl: null, message: null },
        { target: 'pipedrive', label: CRM_LABELS.pipedrive, state: 'unknown', recordUrl: null, message: '§crmSaysNo' },
      ],
    },
    crmConnections: {
      connections: [{ target: 'hubspot', label: CRM_LABELS.hubspot, host: 'api.hubapi.com', maskedSecret: '••••§abcd', address: 'https://api.hubapi.com' }],
      settings: { autoPush: ['hubspot'] },
    },
    crmOutbox: OUTBOX,
    crmPushStatus: [OUTBOX[3]],
    crmTest: { message: '§connected' },
    crmDisconnect: { connections: [], settings: { autoPush: [] } },
    crmEnrichedPeople: [{ historyId: 'h1', name: '§Maya', company: '§Northwind', at: PAID_AT }],
    bulkCollection: { people: [{ profileUrl: 'https://www.linkedin.com/in/§bo/' }] },
  };
}

const detection = (confidence: number): Detection => ({
  kind: 'person',
  url: 'https://www.linkedin.com/in/maya/',
  person: { fullName: '§Maya', company: '§Northwind', headline: '§Headline', profileUrl: 'https://www.linkedin.com/in/maya/' },
  confidence,
  sources: ['url'],
});

const layout = { collapsed: false, side: 'right' as const };

describe('panel and CRM words come from the i18n table', () => {
  beforeEach(() => {
    setCatalog('en-x-keys', PSEUDO);
    vi.mocked(sendMessage).mockImplementation((async (name: string) => ({ ok: true, value: replies()[name] })) as never);
  });
  afterEach(() => {
    cleanup();
    setCatalog('en', en);
  });

  it('the in-page panel, its CRM section, the search queue and the found items', async () => {
    await bookMaya();
    const { container } = render(
      <Panel detection={detection(0.3)} notice={null} layout={layout} onLayout={() => {}} onClose={() => {}}>
        <SearchQueue rows={[{ key: 'a', fullName: '§Maya', headline: '§Headline', profileUrl: 'https://www.linkedin.com/in/maya/' }, { key: 'b', profileUrl: 'https://www.linkedin.com/in/§bo/' }]} />
        <SearchQueue rows={[]} />
        <FoundItems items={[{ kind: 'email', value: 'maya@northwind.example', display: '§maya@northwind.example' }, { kind: 'phone', value: '+14155550110', display: '+1 415 555 0110' }]} />
      </Panel>,
    );
    await waitFor(() => {
      const text = visibleText(container);
      expect(text).toContain('⟦crm.panel.couldNotCheck');
      expect(text).toContain('⟦panel.found.reversePhone');
      // The card, filled from the contact book: grades, phone kinds, company facts, refresh controls.
      expect(text).toContain('⟦card.grade.verified');
      expect(text).toContain('⟦card.phone.landline');
      expect(text).toContain('⟦card.company.industry');
    });
    // When each value was found and its refresh wait in the rows' menus: opened, they speak the table's words too.
    for (const menu of container.querySelectorAll('button[aria-expanded="false"].row-menu-button')) fireEvent.click(menu);
    await waitFor(() => {
      const text = visibleText(container);
      expect(text).toContain('⟦card.found');
      expect(text).toContain('⟦card.refresh');
    });
    const text = visibleText(container);
    expect(markers(text)).toBeGreaterThan(60);
    expect(leftover(text, [...localeDates(container), ...URLS, ...FORMATTED])).toBe('');
  });

  it('the card on a first visit: the page’s header and every row not known yet, with its price', async () => {
    const { container } = render(<Panel detection={detection(0.9)} notice={null} layout={layout} onLayout={() => {}} />);
    await waitFor(() => {
      const text = visibleText(container);
      // Rows with a lookup say so on its button; the personal row, which has none here, in words.
      expect(text).toContain('⟦card.notKnownPersonal⟧');
      expect(text).toContain('⟦card.action ⟦panel.action.findMobile⟧ ⟦panel.inLedger');
    });
    expect(leftover(visibleText(container), [...localeDates(container), ...URLS, ...FORMATTED])).toBe('');
  });

  it('what the panel says once clicked: confirmation, waiting, answers, failures and the running queue', async () => {
    const pending: ((value: unknown) => void)[] = [];
    let lookups = 0;
    vi.mocked(sendMessage).mockImplementation((async (name: string) => {
      if (name !== 'lookup') return { ok: true, value: replies()[name] };
      lookups += 1;
      if (lookups === 1) return { ok: true, value: response('enrichPerson', undefined, { status: 'needs_confirmation', price: 3, cost: 0 }) };
      if (lookups === 2) return { ok: true, value: RESPONSES[0] };
      if (lookups === 3) throw new Error('§gone');
      return new Promise((resolve) => pending.push(resolve));
    }) as never);
    const { container, getAllByRole } = render(
      <Panel detection={detection(0.9)} notice={{ title: '§Title', message: '§message' }} layout={layout} onLayout={() => {}}>
        <SearchQueue rows={[{ key: 'a', fullName: '§Maya', profileUrl: 'https://www.linkedin.com/in/maya/' }]} />
        <FoundItems items={[{ kind: 'email', value: 'maya@northwind.example', display: '§maya@northwind.example' }]} />
      </Panel>,
    );
    const button = (marker: string) => getAllByRole('button').find((b) => b.textContent?.replace('⟦card.action ', '').startsWith(marker))!;
    await waitFor(() => expect(visibleText(container)).toContain('⟦panel.inLedger'));

    trustedClick(button('⟦panel.action.enrich'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦confirm.go'));
    const confirming = visibleText(container);
    trustedClick(button('⟦confirm.go'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦cost.paid'));
    trustedClick(button('⟦panel.action.findWorkEmail'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦spend.unknownTitle'));
    trustedClick(button('⟦panel.found.enrichEmail'));
    fireEvent.click(getAllByRole('checkbox')[0]!);
    trustedClick(button('⟦panel.queue.enrichSelected'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦panel.queue.progress'));
    trustedClick(button('⟦panel.action.findMobile'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦panel.busy'));

    const text = `${confirming}\n${visibleText(container)}`;
    expect(text).toContain('⟦panel.queue.cancel');
    expect(text).toContain('⟦crm.panel.review');
    expect(leftover(text, [...localeDates(container), ...URLS, ...FORMATTED])).toBe('');
    act(() => pending.forEach((resolve) => resolve({ ok: false, error: { kind: 'internal', message: '§stop' } })));
  });

  it('the panel without a key, collapsed controls and no detection', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string) => ({ ok: true, value: name === 'panelStatus' ? { hasKey: false, isSandbox: false, credits: null } : replies()[name] })) as never);
    const { container } = render(<Panel detection={null} notice={null} layout={{ collapsed: false, side: 'left' }} onLayout={() => {}} />);
    await waitFor(() => expect(visibleText(container)).toContain('⟦panel.noKey'));
    expect(leftover(visibleText(container))).toBe('');
  });

  it('every kind of lookup answer, as the card of whoever it names', async () => {
    const { container } = render(
      <>
        {RESPONSES.map((r, i) => (
          <LookupCard key={i} response={r} />
        ))}
      </>,
    );
    await waitFor(() => {
      const text = visibleText(container);
      expect(text).toContain('⟦card.grade.most_probable');
      expect(text).toContain('⟦card.company.headquarters');
      expect(text).toContain('⟦card.link.microblog');
    });
    const text = visibleText(container);
    expect(markers(text)).toBeGreaterThan(60);
    expect(leftover(text, [...localeDates(container), ...URLS, ...FORMATTED])).toBe('');
  });

  it('a push plan, with its reason written in lib/crm, and every outbox state', () => {
    const match = { id: '7', by: 'email' as const, url: 'https://app.hubspot.com/7', values: { jobTitle: '§Intern', companyName: '§Other', fullName: '§Maya' } };
    const update = planPush('hubspot', CRM_FIELDS, contact, match, { overwrite: ['companyName'] });
    const create = planPush('pipedrive', CRM_FIELDS, { ...contact, company: undefined }, null, { overwrite: [] });
    const skip = planPush('webhook', ['fullName', 'jobTitle'], contact, { ...match, by: 'remembered', values: { fullName: '§Maya', jobTitle: '§Intern' } }, { overwrite: [] });
    const { container } = render(
      <>
        {[update, create, skip].map((plan) => (
          <PushPlanView key={plan.target} plan={plan} overwrite={new Set()} onOverwrite={() => {}} busy={false} onPush={() => {}} />
        ))}
        <PushStatusList items={OUTBOX} onRetry={() => {}} onDrop={() => {}} showName />
      </>,
    );
    const text = visibleText(container);
    expect(text).toContain('⟦crm.plan.kept');
    expect(text).toContain('⟦crm.outbox.waitingForBudget');
    expect(text).toContain('⟦crm.outbox.redirected');
    expect(leftover(text, [...URLS, ...FORMATTED])).toBe('');
  });

  it('the CRM settings: connections, outbox and export', async () => {
    const { container, getAllByRole } = render(<CrmSettings />);
    await waitFor(() => {
      const text = visibleText(container);
      expect(text).toContain('⟦crm.connect.connected');
      expect(text).toContain('⟦crm.outbox.upToDate');
      expect(text).toContain('⟦crm.export.vcard');
    });
    const seen = [visibleText(container)];
    const button = (marker: string) => getAllByRole('button').find((b) => b.textContent?.startsWith(marker))!;
    // Connecting Pipedrive with empty fields: the schema's own messages, beside each field.
    fireEvent.click(button('⟦crm.connect.connect'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦crm.validation.pipedriveDomain'));
    seen.push(visibleText(container));
    fireEvent.click(button('⟦crm.connect.test'));
    await waitFor(() => expect(visibleText(container)).toContain('§connected'));
    fireEvent.click(button('⟦crm.connect.disconnect'));
    await waitFor(() => expect(visibleText(container)).toContain('⟦crm.connect.disconnected'));
    seen.push(visibleText(container));
    // HubSpot's scope names are identifiers the user ticks as they are, not words to translate.
    expect(leftover(seen.join('\n'), ['https://api.hubapi.com', ...HUBSPOT_SCOPES, ...FORMATTED])).toBe('');
  });

  it('the CRM note and vCard, the CRM client’s own errors, and the notifications', async () => {
    expect(leftover(summaryLines(contact).join('\n'), [...URLS, 'mobile'])).toBe('');
    const note = toVCard(contact).replace(/\r\n /g, '').split('\r\n').find((line) => line.startsWith('NOTE:'))!;
    expect(note).toContain('⟦crm.note.unverifiedEmail');
    expect(leftover(note.slice('NOTE:'.length).replace(/\\n/g, ' '))).toBe('');

    const http = (fetch: typeof globalThis.fetch) => createCrmHttp({ fetch, secrets: [], messageOf: () => null, retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 } });
    const failures = await Promise.all([
      http(async () => new Response('', { status: 503 })).send({ method: 'GET', url: 'https://crm.example/x', idempotent: false }, z.unknown()),
      http(async () => new Response('{}', { status: 200 })).send({ method: 'GET', url: 'https://crm.example/x', idempotent: false }, z.object({ id: z.string() })),
      http(async () => Promise.reject(new TypeError('§down'))).send({ method: 'GET', url: 'https://crm.example/x', idempotent: false }, z.unknown()),
    ]);
    for (const failure of failures) {
      expect(failure.ok).toBe(false);
      if (!failure.ok) expect(leftover(failure.error.message, ['id'])).toBe('');
    }

    for (const op of OPERATION_NAMES) {
      expect(titleOf(op)).toMatch(/^⟦notification\.op\./);
    }
    const summaries = RESPONSES.map((r) => summarise(r)).join('\n');
    expect(leftover(summaries, ['§refusal', ...FORMATTED])).toBe('');
  });
});

describe('DOSSIER_ERRORS', () => {
  afterEach(() => setCatalog('en', en));

  const SAMPLE: Record<string, unknown[]> = {
    daily_cap: [2, 5, 6],
    needs_confirmation: [2],
    invalid_message: ['§detail'],
    internal: ['§detail'],
    settings_not_saved: ['§detail'],
    not_a_phone: ['§text'],
    not_an_email: ['§text'],
  };
  const read = (name: string) => {
    const entry = (DOSSIER_ERRORS as Record<string, unknown>)[name];
    return typeof entry === 'function' ? (entry as (...args: unknown[]) => string)(...(SAMPLE[name] ?? [])) : (entry as string);
  };

  it('names exactly the errors.* keys of the catalog, and reads each one from it', () => {
    const names = Object.keys(DOSSIER_ERRORS).sort();
    const keys = Object.keys(en)
      .filter((key) => key.startsWith('errors.'))
      .map((key) => key.slice('errors.'.length))
      .sort();
    expect(names).toEqual(keys);
    for (const name of names) {
      const key = `errors.${name}` as MessageKey;
      const params = SAMPLE[name];
      const placeholders = (en[key].match(/\{(\w+)\}/g) ?? []).map((p) => p.slice(1, -1));
      expect(read(name)).toBe(params ? en[key].replace(/\{(\w+)\}/g, (_, p: string) => String(params[placeholders.indexOf(p)])) : t(key as 'errors.no_key'));
    }
  });

  it('follows the installed language', () => {
    setCatalog('en-x-keys', PSEUDO);
    for (const name of Object.keys(DOSSIER_ERRORS)) {
      expect(read(name)).toContain(`⟦errors.${name}`);
      expect(leftover(read(name))).toBe('');
    }
  });
});
