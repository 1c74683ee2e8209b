import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/worker/handlers';
import type { Handlers } from '@/lib/contracts/handlers';
import { createBackground } from '@/lib/worker/wiring';
import { settleBackgroundsAfterEach } from '@/test/unit/worker/settle-backgrounds';
import type { SenderInfo } from '@/lib/platform/messaging/sender';
import { apiKeyItem, gatewayItem } from '@/lib/settings/stored';
import { findContact, tagContacts } from '@/lib/book/store';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';

/**
 * A lookup's reply carries the contact book's card of whoever it answered about, as the book holds
 * them once the answer is merged in: the card that asked draws it from the reply, in one trip,
 * instead of merging the answer again itself and reading the book back. The worker's real wiring,
 * against the sandbox in process.
 */
const KEY = 'reply-card-key';
const GATEWAY = { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' };
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const frame: SenderInfo = { id: 'dossier', url: 'chrome-extension://dossier/panel-frame.html', tab: { id: 7, url: MAYA }, frameId: 3 };

let sandbox: Sandbox;
const settle = settleBackgroundsAfterEach();

beforeEach(() => {
  fakeBrowser.reset();
  sandbox = createSandboxApp({ log: () => undefined });
  const own = sandbox;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => own.app.fetch(new Request(input, init)));
});

async function handlers() {
  sandbox.state.setKey(KEY, 1_000);
  await gatewayItem.setValue(GATEWAY);
  await apiKeyItem.setValue(KEY);
  const background = settle(createBackground({ extensionId: 'dossier', extensionOrigin: 'chrome-extension://dossier/' }));
  const all = createHandlers(background.handlerDeps);
  return <N extends keyof Handlers>(name: N, data: Parameters<Handlers[N]>[0]) => (all[name] as (d: unknown, s: SenderInfo) => ReturnType<Handlers[N]>)(data, frame);
}

describe('a lookup’s reply carries the merged contact', () => {
  it('holds the book’s person and company once the answer is in, under the keys the book files them by', { timeout: 20_000 }, async () => {
    const send = await handlers();
    const reply = await send('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
    if (!reply.ok) throw new Error(reply.error.message);
    const { card } = reply.value;
    expect(reply.value.status).toBe('paid');
    const inBook = await findContact(card!.keys);
    expect(card!.person).toEqual(inBook);
    expect(card!.person?.name).toMatchObject({ value: 'Maya Chen' });
    expect(card!.company?.kind).toBe('company');
    expect(card!.keys).toContain('person:maya-chen');
  });

  it('is the merged contact, not the answer alone: what the book knew before stays on the card', { timeout: 20_000 }, async () => {
    const send = await handlers();
    const first = await send('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
    if (!first.ok) throw new Error(first.error.message);
    await tagContacts([first.value.card!.person!.id], { add: ['conference'], remove: [] });
    // Asked again, refreshed: a new answer, merged into the contact the user tagged.
    const again = await send('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA }, refresh: true });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.card!.person?.tags).toEqual(['conference']);
    expect(again.value.card!.person?.id).toBe(first.value.card!.person!.id);
  });

  it('carries no card when the answer is about no one (a refusal)', { timeout: 20_000 }, async () => {
    const send = await handlers();
    const reply = await send('lookup', { op: 'enrichPerson', input: {} });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value.status).not.toMatch(/paid|free|cached/);
    expect(reply.value.card).toBeUndefined();
  });
});
