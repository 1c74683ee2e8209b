import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { crmNotices } from '@/lib/book/worker/crm-notices';
import { crmContactOf } from '@/lib/book/worker/crm-contact';
import { createBookHandlers, type BookHandlerDeps } from '@/lib/book/worker/handlers';
import type { PersonContact } from '@/lib/book/model';
import { getContact, getContacts, setContactNotice, tagContacts, forgetContacts } from '@/lib/book/store';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { summaryLines } from '@/lib/crm/summary';
import { readOutbox } from '@/lib/crm/outbox/store';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { MAYA, putContacts } from '@/test/unit/book/book-fixtures';

/**
 * "Add to CRM note": the notice as the user saw it waits on the person in the book, and the next
 * push of that person carries it into its note, once; the push after that does not repeat it.
 */
const PREPARED = Date.UTC(2026, 2, 20, 10);
const NOTICE = 'Information sur le traitement de vos données personnelles (article 14 du RGPD)\n\nBonjour Maya Chen,';

type Hs = Awaited<ReturnType<typeof startHubspotEmulator>>;
let hs: Hs;
let hook: Awaited<ReturnType<typeof startWebhookEmulator>>;
let clock = PREPARED;

beforeAll(async () => {
  hs = await startHubspotEmulator();
  hook = await startWebhookEmulator();
});
afterAll(async () => {
  await hs.server.close();
  hook.server.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  hs.state.reset();
  hs.control.reset();
  hook.deliveries.splice(0);
  hook.control.reset();
  clock = PREPARED;
});

function bookHandlers() {
  const deps: BookHandlerDeps = {
    contacts: { get: getContacts, tag: tagContacts, forget: forgetContacts, setNotice: setContactNotice },
    now: () => clock,
    preferences: { read: async () => DEFAULT_PREFERENCES },
    savePreferences: async (prefs) => ({ ok: true, value: prefs }),
    crm: { planContact: vi.fn(), pushContacts: vi.fn() },
    openBook: vi.fn(async () => {}),
  };
  return createBookHandlers(deps);
}

const crmService = () =>
  createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => clock, newId: () => crypto.randomUUID(), notices: crmNotices });

const notes = () => [...hs.state.notes.values()].map((note) => String(note.properties.hs_note_body));

describe('the notice in the CRM note', () => {
  it('waits on the person, goes into the next push’s note once, and not into the one after', async () => {
    await putContacts([MAYA]);
    expect(await bookHandlers().bookNoticeForCrm({ id: MAYA.id, text: NOTICE, language: 'fr' }, { id: 'ext' } as never)).toEqual({ ok: true, value: { preparedAt: PREPARED } });
    expect(((await getContact(MAYA.id)) as PersonContact).notice).toEqual({ text: NOTICE, language: 'fr', preparedAt: PREPARED });

    const crm = crmService();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    clock = PREPARED + 60_000;
    await crm.pushContacts([crmContactOf(MAYA, null)!], 'hubspot', []);
    await crm.drain();
    await expect.poll(notes).toHaveLength(1);
    // The note's own lines, then the notice whole, after its dated heading; the HTML note keeps it text.
    expect(notes()[0]).toContain('Privacy notice (article 14 GDPR) prepared on 2026-03-20:<br>Information sur le traitement de vos données personnelles (article 14 du RGPD)<br><br>Bonjour Maya Chen,');
    expect(((await getContact(MAYA.id)) as PersonContact).notice?.notedAt).toBe(PREPARED + 60_000);

    clock = PREPARED + 120_000;
    await crm.pushContacts([crmContactOf(MAYA, null)!], 'hubspot', []);
    await crm.drain();
    // The next push (HubSpot adds no note when nothing changed) carries no notice to write.
    const queued = await readOutbox();
    expect(queued.map((item) => Boolean(item.contact.notice))).toEqual([true, false]);
  });

  it('a push that was only queued carries nothing yet: it fails, the notice still waits, and the push after it writes it', async () => {
    await putContacts([MAYA]);
    await bookHandlers().bookNoticeForCrm({ id: MAYA.id, text: NOTICE, language: 'fr' }, { id: 'ext' } as never);
    const crm = crmService();
    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    // The token is revoked in HubSpot meanwhile: the push is refused for good.
    hs.state.tokens.clear();
    clock = PREPARED + 60_000;
    await crm.pushContacts([crmContactOf(MAYA, null)!], 'hubspot', []);
    await crm.drain();
    expect((await readOutbox()).map((item) => item.state)).toEqual(['failed']);
    expect(notes()).toHaveLength(0);
    expect(((await getContact(MAYA.id)) as PersonContact).notice?.notedAt).toBeUndefined();

    hs.state.tokens.add(HUBSPOT_TOKEN);
    clock = PREPARED + 120_000;
    await crm.pushContacts([crmContactOf(MAYA, null)!], 'hubspot', []);
    await crm.drain();
    expect((await readOutbox()).map((item) => item.state)).toEqual(['delivered']);
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toContain('Bonjour Maya Chen,');
    expect(((await getContact(MAYA.id)) as PersonContact).notice?.notedAt).toBe(PREPARED + 120_000);
  });

  it('a webhook gets no note: its push neither holds the notice nor marks it, so the next CRM note still does', async () => {
    await putContacts([MAYA]);
    await bookHandlers().bookNoticeForCrm({ id: MAYA.id, text: NOTICE, language: 'fr' }, { id: 'ext' } as never);
    const crm = crmService();
    await crm.connect({ kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET });
    clock = PREPARED + 60_000;
    await crm.pushContacts([crmContactOf(MAYA, null)!], 'webhook', []);
    await crm.drain();
    // Connecting sent its ping; then the one push.
    expect(hook.accepted().filter((d) => (d.json as { event?: string } | null)?.event === 'contact.push')).toHaveLength(1);
    expect((await readOutbox()).map((item) => [item.target, item.state, item.contact.notice])).toEqual([['webhook', 'delivered', undefined]]);
    expect(((await getContact(MAYA.id)) as PersonContact).notice?.notedAt).toBeUndefined();

    await crm.connect({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin });
    await crm.pushContacts([crmContactOf(MAYA, null)!], 'hubspot', []);
    await crm.drain();
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toContain('Bonjour Maya Chen,');
  });

  it('refuses a notice for someone the book does not hold as a person', async () => {
    const reply = await bookHandlers().bookNoticeForCrm({ id: 'person:nobody', text: NOTICE, language: 'fr' }, { id: 'ext' } as never);
    expect(reply).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('the note without a notice is as before; with one, the notice comes last, after a blank line', () => {
    const contact = crmContactOf(MAYA, null)!;
    const before = summaryLines(contact);
    expect(before.join('\n')).not.toContain('article 14');
    const withNotice = summaryLines({ ...contact, notice: { text: 'Line one\nLine two', preparedAt: PREPARED } });
    expect(withNotice).toEqual([...before, '', 'Privacy notice (article 14 GDPR) prepared on 2026-03-20:', 'Line one', 'Line two']);
  });
});
