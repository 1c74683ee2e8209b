import { enrichInSidebar, expect, test } from '@/test/firefox/firefox';

/**
 * Firefox's background is an event page, suspended a while after its last extension event
 * (30 s by default; 8 s here), even while a request is in flight or a page awaits its answer.
 * Dossier keeps it up while it works (lib/platform/worker/keep-alive.ts).
 */
test.use({ firefoxPrefs: { 'extensions.background.idle.timeout': 8_000 } });

test('a lookup the gateway answers after 12 s, longer than Firefox lets an idle event page live, is answered and paid once', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  expect(await dossier.call('choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  const maya = 'https://www.linkedin.com/in/maya-chen/';
  await dossier.openSite(maya);
  const fault = await sandbox.admin('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, kind: 'slow', count: 1, delayMs: 12_000 }) });
  expect(fault.ok).toBe(true);

  // Paid where Firefox users pay: the sidebar's page (the in-page panel spends nothing in Firefox).
  await enrichInSidebar(dossier, maya, { timeout: 25_000 });
  expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
  // Nothing is left to do: Firefox may suspend it again.
  await expect.poll(() => dossier.eventPageRunning(), { timeout: 20_000 }).toBe(false);
});
