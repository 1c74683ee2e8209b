import { describe, expect, it, vi } from 'vitest';
import { createBookHandlers, type BookHandlerDeps } from '@/lib/book/worker/handlers';
import { CrmRefusal } from '@/lib/crm/worker/presence-check';
import { crmContactOf } from '@/lib/book/worker/crm-contact';
import { addSuppressionLines, suppressionLinesOf } from '@/lib/book/worker/forget';
import type { PersonContact } from '@/lib/book/model';
import { forgetContacts, getContact, getContacts, setContactNotice, tagContacts } from '@/lib/book/store';
import type { CrmContact } from '@/lib/crm/contact';
import type { OutboxItemView } from '@/lib/crm/outbox/schema';
import type { CrmField, CrmTarget, PushPlan } from '@/lib/crm/types';
import { isSuppressed } from '@/lib/lookup/suppression';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { preferencesInputSchema } from '@/lib/settings/preferences-input';
import { BOB, MAYA, MAYA_NAMESAKE, NORTHWIND, putContacts } from '@/test/unit/book/book-fixtures';

const sender = { id: 'ext', url: 'chrome-extension://ext/contacts.html' };

/** The fixtures' contacts were found in the book's first seconds: a day after, every value is fresh. */
const FIXTURES_NEXT_DAY = 86_400_000;
const DAY = 86_400_000;

function setup(prefs: Preferences = DEFAULT_PREFERENCES, now = FIXTURES_NEXT_DAY) {
  let stored = prefs;
  const saves: Preferences[] = [];
  const planContact = vi.fn(async (contact: CrmContact, _target: CrmTarget) => ({ target: 'hubspot' as const, action: 'create' as const, reason: contact.fullName, match: null, changes: [] }) as unknown as PushPlan);
  const pushContacts = vi.fn(async (contacts: readonly CrmContact[], _target: CrmTarget, _overwrite: readonly CrmField[]) => contacts.map((c) => ({ id: c.identity }) as unknown as OutboxItemView));
  const deps: BookHandlerDeps = {
    contacts: { get: getContacts, tag: tagContacts, forget: forgetContacts, setNotice: setContactNotice },
    preferences: { read: async () => stored },
    // The settings' save path: the same validation.
    savePreferences: async (next) => {
      const parsed = preferencesInputSchema.safeParse(next);
      if (!parsed.success) return { ok: false, error: { kind: 'invalid_input', message: parsed.error.issues[0]!.message } };
      saves.push(parsed.data);
      stored = parsed.data;
      return { ok: true, value: parsed.data };
    },
    crm: { planContact, pushContacts },
    openBook: vi.fn(async () => {}),
    now: () => now,
  };
  return { handlers: createBookHandlers(deps), deps, saves, planContact, pushContacts, stored: () => stored };
}

describe('the contact book’s writes, in the worker', () => {
  it('tags the selected contacts and removes a tag', async () => {
    await putContacts([MAYA, BOB]);
    const { handlers } = setup();
    expect(await handlers.bookTag({ ids: [MAYA.id, BOB.id], add: ['Follow up'], remove: [] }, sender)).toEqual({ ok: true, value: { updated: 2 } });
    expect((await getContact(BOB.id))?.tags).toEqual(['Follow up']);
    expect((await getContact(MAYA.id))?.tags).toEqual(['Paris event', 'Follow up']);
    await handlers.bookTag({ ids: [MAYA.id], add: [], remove: ['Paris event'] }, sender);
    expect((await getContact(MAYA.id))?.tags).toEqual(['Follow up']);
    expect(await handlers.bookTag({ ids: [MAYA.id], add: [], remove: [] }, sender)).toMatchObject({ ok: false });
  });

  it('forgets without touching the suppression list unless asked', async () => {
    await putContacts([MAYA, BOB]);
    const { handlers, saves } = setup();
    expect(await handlers.bookForget({ ids: [MAYA.id], suppress: false }, sender)).toEqual({ ok: true, value: { forgotten: 1, suppressed: 0 } });
    expect(await getContact(MAYA.id)).toBeNull();
    expect(await getContact(BOB.id)).not.toBeNull();
    expect(saves).toEqual([]);
  });

  it('forgets and suppresses: the profile, every email and phone join the list, which then blocks them', async () => {
    await putContacts([MAYA, MAYA_NAMESAKE]);
    const { handlers, stored } = setup({ ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, suppression: ['+14155550110'] } });
    const reply = await handlers.bookForget({ ids: [MAYA.id, MAYA_NAMESAKE.id], suppress: true }, sender);
    // The namesake's phone was already on the list: not added twice.
    expect(reply).toEqual({ ok: true, value: { forgotten: 2, suppressed: 4 } });
    const list = stored().privacy.suppression;
    expect(list).toEqual(['+14155550110', 'https://www.linkedin.com/in/maya-chen/', 'maya.chen@northwind.example', '+33612345678', 'maya@contoso.example']);
    for (const key of ['person:maya-chen', 'email:maya.chen@northwind.example', 'phone:+33612345678', 'email:maya@contoso.example']) expect(isSuppressed([key], list), key).toBe(true);
    expect(await getContacts([MAYA.id, MAYA_NAMESAKE.id])).toEqual([]);
  });

  it('forgets and suppresses under a retention period shorter than the reuse windows (30 days, answers reused for 90)', async () => {
    await putContacts([MAYA]);
    const short = { ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, historyRetentionDays: 30 }, freshness: { phoneDays: 30, otherDays: 90 } };
    const { handlers, stored } = setup(short);
    expect(await handlers.bookForget({ ids: [MAYA.id], suppress: true }, sender)).toEqual({ ok: true, value: { forgotten: 1, suppressed: 3 } });
    expect(stored()).toMatchObject({ privacy: { historyRetentionDays: 30 }, freshness: { otherDays: 90 } });
    expect(isSuppressed(['person:maya-chen'], stored().privacy.suppression)).toBe(true);
    expect(await getContact(MAYA.id)).toBeNull();
  });

  it('forgets nothing when the suppression list cannot take them', async () => {
    await putContacts([MAYA]);
    const full = Array.from({ length: 10_000 }, (_, i) => `someone${i}@example.com`);
    const { handlers } = setup({ ...DEFAULT_PREFERENCES, privacy: { ...DEFAULT_PREFERENCES.privacy, suppression: full } });
    const reply = await handlers.bookForget({ ids: [MAYA.id], suppress: true }, sender);
    expect(reply.ok).toBe(false);
    expect(await getContact(MAYA.id)).not.toBeNull();
  });

  it('pushes people to the CRM through the outbox, as the CRM’s contact, and skips companies', async () => {
    const withCompany: PersonContact = { ...MAYA, companyId: NORTHWIND.id };
    await putContacts([withCompany, BOB, NORTHWIND]);
    const { handlers, pushContacts } = setup();
    const reply = await handlers.bookCrmPush({ ids: [MAYA.id, BOB.id, NORTHWIND.id], target: 'hubspot', overwrite: [] }, sender);
    expect(reply).toMatchObject({ ok: true, value: { skipped: 1 } });
    const [contacts, target, overwrite] = pushContacts.mock.calls[0]!;
    expect(target).toBe('hubspot');
    expect(overwrite).toEqual([]);
    expect(contacts.map((c) => c.identity)).toEqual([MAYA.id, BOB.id]);
    expect(contacts[0]).toMatchObject({
      fullName: 'Maya Chen',
      firstName: 'Maya',
      lastName: 'Chen',
      jobTitle: 'Head of Data',
      emails: [{ address: 'maya.chen@northwind.example', status: 'verified' }],
      phones: [{ e164: '+33612345678', type: 'mobile' }],
      profileUrl: 'https://www.linkedin.com/in/maya-chen/',
      company: { name: 'Northwind Analytics', domain: 'northwind.example', website: 'https://northwind.example/' },
    });
    // A catch-all address is no verified email: the CRM gets it as a guess.
    // With its grade and where it came from, for the CRM note.
    expect(contacts[1]!.emails).toEqual([{ address: 'bob@northwind.example', status: 'unknown', grade: 'catch_all', source: { op: 'enrichPerson', at: BOB.updatedAt, paid: true } }]);
  });

  it('plans one contact’s push, and refuses a company alone', async () => {
    await putContacts([MAYA, NORTHWIND]);
    const { handlers, planContact } = setup();
    expect(await handlers.bookCrmPlan({ id: MAYA.id, target: 'hubspot' }, sender)).toMatchObject({ ok: true, value: { reason: 'Maya Chen' } });
    expect(planContact).toHaveBeenCalledTimes(1);
    expect(await handlers.bookCrmPush({ ids: [NORTHWIND.id], target: 'hubspot', overwrite: [] }, sender)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('a CRM refusal (not connected) travels as data', async () => {
    await putContacts([MAYA]);
    const { deps } = setup();
    deps.crm.pushContacts = async () => {
      throw new CrmRefusal('not_connected', 'HubSpot is not connected.');
    };
    const reply = await createBookHandlers(deps).bookCrmPush({ ids: [MAYA.id], target: 'hubspot', overwrite: [] }, sender);
    expect(reply).toEqual({ ok: false, error: { kind: 'not_connected', message: 'HubSpot is not connected.' } });
  });

  it('a stale work email: the plan names it, a push not confirmed is refused with the address and its age, a confirmed one goes', async () => {
    const withCompany: PersonContact = { ...MAYA, companyId: NORTHWIND.id };
    await putContacts([withCompany, BOB, NORTHWIND]);
    // 200 days after the fixtures were found: past the emails' 180 days.
    const { handlers, pushContacts } = setup(DEFAULT_PREFERENCES, 1_000 + 200 * DAY);
    const plan = await handlers.bookCrmPlan({ id: MAYA.id, target: 'hubspot' }, sender);
    expect(plan).toMatchObject({ ok: true, value: { stale: [{ address: 'maya.chen@northwind.example', at: MAYA.workEmails[0]!.foundAt }] } });
    const refused = await handlers.bookCrmPush({ ids: [MAYA.id, BOB.id], target: 'hubspot', overwrite: [] }, sender);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'stale_email' } });
    if (refused.ok) return;
    expect(refused.error.message).toMatch(/^Nothing was pushed yet\. Stale emails: bob@northwind\.example, found 7 months ago \(.+\); maya\.chen@northwind\.example, found 7 months ago \(.+\)\. They may bounce\.$/);
    expect(pushContacts).not.toHaveBeenCalled();
    expect(await handlers.bookCrmPush({ ids: [MAYA.id, BOB.id], target: 'hubspot', overwrite: [], confirmStale: true }, sender)).toMatchObject({ ok: true });
    expect(pushContacts).toHaveBeenCalledTimes(1);
  });

  it('ageing emails, or stale ones by ages the user made longer, push without a question', async () => {
    await putContacts([MAYA]);
    const ageing = setup(DEFAULT_PREFERENCES, 1_000 + 120 * DAY);
    expect((await ageing.handlers.bookCrmPlan({ id: MAYA.id, target: 'hubspot' }, sender)) as unknown).toMatchObject({ ok: true, value: { stale: [] } });
    expect(await ageing.handlers.bookCrmPush({ ids: [MAYA.id], target: 'hubspot', overwrite: [] }, sender)).toMatchObject({ ok: true });
    const longer = setup({ ...DEFAULT_PREFERENCES, valueAge: { ...DEFAULT_PREFERENCES.valueAge, email: { ageingDays: 300, staleDays: 400 } } }, 1_000 + 200 * DAY);
    expect(await longer.handlers.bookCrmPush({ ids: [MAYA.id], target: 'hubspot', overwrite: [] }, sender)).toMatchObject({ ok: true });
    const shorter = setup({ ...DEFAULT_PREFERENCES, valueAge: { ...DEFAULT_PREFERENCES.valueAge, email: { ageingDays: 1, staleDays: 2 } } }, 1_000 + 3 * DAY);
    expect(await shorter.handlers.bookCrmPush({ ids: [MAYA.id], target: 'hubspot', overwrite: [] }, sender)).toMatchObject({ ok: false, error: { kind: 'stale_email' } });
  });

  it('opens the book in a tab', async () => {
    const { handlers, deps } = setup();
    expect(await handlers.openContactBook(undefined, sender)).toEqual({ ok: true, value: true });
    expect(deps.openBook).toHaveBeenCalledTimes(1);
  });
});

describe('what forgetting adds to the suppression list', () => {
  it('a person: profile, emails, phones; a company: its phone, never its domain', () => {
    expect(suppressionLinesOf([MAYA, NORTHWIND])).toEqual(['https://www.linkedin.com/in/maya-chen/', 'maya.chen@northwind.example', '+33612345678']);
  });

  it('adds a line only when the list does not cover it already', () => {
    expect(addSuppressionLines(['northwind.example', 'https://linkedin.com/in/maya-chen'], ['https://www.linkedin.com/in/maya-chen/', 'x@northwind.example', 'maya@contoso.example'])).toEqual({
      list: ['northwind.example', 'https://linkedin.com/in/maya-chen', 'x@northwind.example', 'maya@contoso.example'],
      added: 2,
    });
  });

  it('a person with no name is not a CRM contact', () => {
    expect(crmContactOf({ ...MAYA, name: undefined } as PersonContact, null)).toBeNull();
  });
});
