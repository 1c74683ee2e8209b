import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPanelService } from '@/lib/panel/worker/service';
import { readTabState } from '@/lib/panel/worker/tabs';
import { createRouter, type Handlers } from '@/lib/worker/router';
import { createHandlers, type HandlerDeps } from '@/lib/worker/handlers';
import { contentMessenger } from '@/lib/contracts/content-protocol';
import { DEFAULT_PREFERENCES, type PanelMode, type Preferences } from '@/lib/settings/preferences';
import type { WebmailParticipants } from '@/lib/webmail/participant';
import { en } from '@/lib/platform/i18n/en';
import { fr } from '@/lib/platform/i18n/fr';
import { applyLocale } from '@/lib/platform/i18n/load';

const LABEL = en['webmail.launcher'];
const identity = { extensionId: 'ext-id', extensionOrigin: 'chrome-extension://ext-id/' };
const gmailTab = { id: 'ext-id', url: 'https://mail.google.com/mail/u/0/#inbox/abc', tab: { id: 7 }, frameId: 0, documentId: 'doc-1' };
const mail: WebmailParticipants = {
  client: 'gmail',
  sender: { name: 'Maya Okafor', email: 'maya.okafor@northwind.example', role: 'from' },
  others: [{ name: null, email: 'priya.raman@helios.example', role: 'cc' }],
  self: 'grace.hopper@inbox.example',
};

function preferences(webmail: boolean, mode: PanelMode | null = 'stealth') {
  let prefs: Preferences = { ...DEFAULT_PREFERENCES, webmail: { enabled: webmail }, pageAccess: { scanAllSites: false, panelMode: mode } };
  return { read: async () => prefs, write: async (next: Preferences) => void (prefs = next) };
}

/** The real handlers for the two web mail messages, behind the real router, over a real panel service. */
function worker(webmail: boolean, mode: PanelMode | null = 'stealth') {
  const panel = createPanelService(preferences(webmail, mode));
  const handlers = createHandlers({ panel, identity } as unknown as HandlerDeps) as Handlers;
  return createRouter(handlers, identity);
}

beforeEach(() => fakeBrowser.reset());

describe('the web mail reader’s report', () => {
  it('is kept for the sender’s tab (storage.session) while web mail is on', async () => {
    const reply = await worker(true)('reportParticipants', { mail }, gmailTab);
    expect(reply).toEqual({ ok: true, value: { launcher: false, launcherLabel: LABEL } });
    expect((await readTabState(7)).mail).toEqual(mail);
  });

  it('is dropped when web mail was turned off while the page stayed open', async () => {
    await worker(true)('reportParticipants', { mail }, gmailTab);
    expect(await worker(false)('reportParticipants', { mail }, gmailTab)).toEqual({ ok: true, value: { launcher: false, launcherLabel: LABEL } });
    expect((await readTabState(7)).mail).toBeUndefined();
  });

  it('names the launcher in the user’s language: the content script carries no catalog', async () => {
    await applyLocale('fr');
    try {
      expect(await worker(true, 'frame')('reportParticipants', { mail }, gmailTab)).toEqual({ ok: true, value: { launcher: true, launcherLabel: fr['webmail.launcher'] } });
    } finally {
      await applyLocale('en');
    }
  });

  it('asks for the launcher only in the in-page mode, and only when someone else sent the open message', async () => {
    expect(await worker(true, 'frame')('reportParticipants', { mail }, gmailTab)).toEqual({ ok: true, value: { launcher: true, launcherLabel: LABEL } });
    expect(await worker(true, 'frame')('reportParticipants', { mail: { ...mail, sender: null } }, gmailTab)).toEqual({ ok: true, value: { launcher: false, launcherLabel: LABEL } });
    expect(await worker(true, null)('reportParticipants', { mail }, gmailTab)).toEqual({ ok: true, value: { launcher: false, launcherLabel: LABEL } });
  });

  it('is refused from any page that is not a web mail client, or claiming another client than the sender’s page', async () => {
    const dispatch = worker(true);
    const network = { ...gmailTab, url: 'https://www.linkedin.com/in/x/' };
    const lookalike = { ...gmailTab, url: 'https://mail.google.com.evil.example/mail/' };
    expect(await dispatch('reportParticipants', { mail }, network)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await dispatch('reportParticipants', { mail }, lookalike)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(await dispatch('reportParticipants', { mail }, { ...gmailTab, frameId: 3 })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    const outlookTab = { ...gmailTab, url: 'https://outlook.office.com/mail/inbox/id/x' };
    expect(await dispatch('reportParticipants', { mail }, outlookTab)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    expect(await readTabState(7)).not.toHaveProperty('mail', mail);
  });

  it('is refused when its data is not what a reader gives: an unchecked address, the user’s own address, extra fields', async () => {
    const dispatch = worker(true);
    const shouting = { ...mail, sender: { ...mail.sender!, email: 'Maya.Okafor@Northwind.example' } };
    const selfIncluded = { ...mail, others: [{ name: null, email: mail.self!, role: 'to' }] };
    const withBody = { ...mail, body: 'Call me on +49 40 1234 5678' };
    for (const bad of [shouting, selfIncluded, withBody]) {
      expect(await dispatch('reportParticipants', { mail: bad }, gmailTab)).toMatchObject({ ok: false, error: { kind: 'invalid_message' } });
    }
    expect((await readTabState(7)).mail).toBeUndefined();
  });

  it('a new document (the mail client reloaded) starts the tab afresh', async () => {
    const dispatch = worker(true);
    await dispatch('reportParticipants', { mail }, gmailTab);
    await dispatch('reportParticipants', { mail: null }, { ...gmailTab, documentId: 'doc-2' });
    expect(await readTabState(7)).toMatchObject({ mail: null, documentId: 'doc-2' });
  });
});

describe('the launcher', () => {
  it('opens the in-page panel in the sender’s own tab, in the in-page mode, once a message was reported', async () => {
    const place = vi.spyOn(contentMessenger, 'sendMessage').mockResolvedValue(true as never);
    const dispatch = worker(true, 'frame');
    await dispatch('openMailPanel', undefined, gmailTab);
    expect(place).not.toHaveBeenCalled();
    await dispatch('reportParticipants', { mail }, gmailTab);
    expect(await dispatch('openMailPanel', undefined, gmailTab)).toEqual({ ok: true, value: true });
    expect(place).toHaveBeenCalledWith('placeFrame', { collapsed: false, side: 'right' }, { tabId: 7, frameId: 0 });
  });

  it('opens nothing in stealth mode, nor from a page that is not a web mail client', async () => {
    const place = vi.spyOn(contentMessenger, 'sendMessage').mockResolvedValue(true as never);
    const stealth = worker(true, 'stealth');
    await stealth('reportParticipants', { mail }, gmailTab);
    await stealth('openMailPanel', undefined, gmailTab);
    expect(await worker(true, 'frame')('openMailPanel', undefined, { ...gmailTab, url: 'https://example.com/' })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(place).not.toHaveBeenCalled();
  });
});
