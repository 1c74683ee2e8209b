import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { adapterFor } from '@/lib/crm/worker/adapters';
import type { CrmContact } from '@/lib/crm/contact';
import type { CrmTarget } from '@/lib/crm/types';
import { createOutboxRunner } from '@/lib/crm/worker/outbox/runner';
import type { OutboxItem } from '@/lib/crm/outbox/schema';
import { readOutbox, updateOutbox } from '@/lib/crm/outbox/store';
import { HUBSPOT_PORTAL_ID, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { contact, instantRetry } from '@/test/unit/crm/fixtures';

/**
 * The article 14 notice rides in the outbox with the contact; it counts as carried only when a
 * push whose CRM note held it was delivered (runner.ts `noticeNoted`), never when it is queued.
 */
type Hs = Awaited<ReturnType<typeof startHubspotEmulator>>;
let hs: Hs;
let hook: Awaited<ReturnType<typeof startWebhookEmulator>>;
let clock = 1_000_000;
let ids = 0;

const NOTICE = { text: 'Information about the processing of your personal data (Article 14 GDPR)\n\nDear Maya Chen,', preparedAt: 900_000 };
const withNotice = (who: CrmContact = contact()): CrmContact => ({ ...who, notice: NOTICE });

function worker(token = HUBSPOT_TOKEN) {
  const noted: OutboxItem[] = [];
  const runner = createOutboxRunner({
    read: readOutbox,
    update: (change) => updateOutbox(change, clock),
    adapterFor: async (target: CrmTarget) =>
      adapterFor(target === 'webhook' ? { kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET } : { kind: 'hubspot', token, apiBase: hs.origin, portalId: HUBSPOT_PORTAL_ID }, {
        learn: async () => {},
        now: () => clock,
        retry: instantRetry(),
      }),
    remembered: async () => null,
    remember: async () => {},
    report: async () => {},
    noticeNoted: async (item) => void noted.push(item),
    schedule: () => {},
    now: () => clock,
    newId: () => `item-${++ids}`,
    random: () => 0.5,
  });
  return { runner, noted };
}

const notes = () => [...hs.state.notes.values()].map((note) => String(note.properties.hs_note_body));

beforeAll(async () => {
  hs = await startHubspotEmulator();
  hook = await startWebhookEmulator();
});
afterAll(() => {
  hs.server.close();
  hook.server.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  hs.state.reset();
  hs.control.reset();
  hook.deliveries.splice(0);
  hook.control.reset();
  clock = 1_000_000;
  hs.state.contactProperties.set('dossier_profile_url', { name: 'dossier_profile_url', label: 'Profile URL', type: 'string', fieldType: 'text', groupName: 'contactinformation', hasUniqueValue: true });
});

describe('the notice in the outbox', () => {
  it('is carried once the note holding it is delivered, not when queued, nor when the push fails', async () => {
    const refused = worker('pat-na1-revoked-token');
    await refused.runner.enqueue({ target: 'hubspot', contact: withNotice(), overwrite: [] });
    expect(refused.noted).toEqual([]);
    await refused.runner.drain();
    expect((await readOutbox()).map((item) => item.state)).toEqual(['failed']);
    expect(refused.noted).toEqual([]);

    const w = worker();
    await w.runner.enqueue({ target: 'hubspot', contact: withNotice(), overwrite: [] });
    await w.runner.drain();
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toContain('Dear Maya Chen,');
    expect(w.noted.map((item) => [item.state, item.contact.notice?.preparedAt])).toEqual([['delivered', NOTICE.preparedAt]]);
  });

  it('a newer push replacing the waiting one still writes the notice the waiting one was to carry', async () => {
    const w = worker();
    await w.runner.enqueue({ target: 'hubspot', contact: withNotice(), overwrite: [] });
    // The auto-push after a new lookup, or another click: the book had already handed the notice over.
    await w.runner.enqueue({ target: 'hubspot', contact: { ...contact(), jobTitle: 'CTO' }, overwrite: [] });
    const [waiting] = await readOutbox();
    expect(waiting!.contact).toMatchObject({ jobTitle: 'CTO', notice: NOTICE });
    await w.runner.drain();
    expect(notes()).toHaveLength(1);
    expect(notes()[0]).toContain('Dear Maya Chen,');
    expect(w.noted).toHaveLength(1);
  });

  it('a push whose note was already written before the notice came writes a note again, with it', async () => {
    const w = worker();
    await w.runner.enqueue({ target: 'hubspot', contact: contact(), overwrite: [] });
    await w.runner.drain();
    expect(notes()).toHaveLength(1);
    expect(w.noted).toEqual([]);
    // As if it had failed after its note (the list step): still pending, its progress says the note is done.
    await updateOutbox((items) => ({ items: items.map((i) => ({ ...i, state: 'retrying' as const })), result: null }), clock);
    expect((await readOutbox())[0]!.progress.noteDone).toBe(true);

    await w.runner.enqueue({ target: 'hubspot', contact: withNotice(), overwrite: [] });
    await w.runner.drain();
    expect(notes()).toHaveLength(2);
    expect(notes()[1]).toContain('Dear Maya Chen,');
    expect(w.noted).toHaveLength(1);
  });

  it('a webhook delivery holding a notice (an outbox of an earlier release) does not carry it: a webhook has no note', async () => {
    const w = worker();
    await w.runner.enqueue({ target: 'webhook', contact: withNotice(), overwrite: [] });
    await w.runner.drain();
    expect((await readOutbox()).map((item) => item.state)).toEqual(['delivered']);
    expect(hook.accepted()).toHaveLength(1);
    expect(w.noted).toEqual([]);
  });
});
