import type { ElementHandle } from 'puppeteer-core';
import { aria, byRole, click, expect, expectText, test, type Scope } from '@/test/firefox/firefox';

/**
 * What Firefox's network stack sends again by itself (docs/design/paid-requests-and-resends.md).
 * Necko restarts a GET whose connection dropped before any byte of the answer, on a reused
 * connection and on a fresh one alike (a safe method: nsHttpTransaction restarts it), unseen by
 * fetch and webRequest; it does not repeat a 408. So the Chromium measure (every gateway
 * connection closed after its answer) would not help here, and the Firefox build does without
 * it: this double charge is left to the balance reconciliation to find (lib/balance/worker/reconcile.ts).
 */

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

async function paidRequests(sandbox: { admin(path: string): Promise<Response> }, apiId: string) {
  const { requests } = (await (await sandbox.admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as {
    requests: { path: string; query: string; reused: boolean; fault: string | null }[];
  };
  return requests.filter((r) => r.path === '/v2/full');
}

/** The first element with this role whose text matches, or null while there is none. */
async function withText(scope: Scope, role: string, text: RegExp): Promise<ElementHandle<Element> | null> {
  for (const handle of (await scope.$$(aria(role))) as ElementHandle<Element>[]) {
    if (text.test((await handle.evaluate((el) => el.textContent)) ?? '')) return handle;
  }
  return null;
}

/** The row of the history table's cell with this accessible name. */
async function rowOf(table: ElementHandle<Element>, cell: string): Promise<ElementHandle<Element>> {
  const handle = await (await byRole(table, 'cell', cell)).evaluateHandle((el) => el.closest('[role="row"]'));
  return handle.asElement() as ElementHandle<Element>;
}

async function fault(sandbox: { admin(path: string, init?: RequestInit): Promise<Response> }, apiId: string, kind: string) {
  const res = await sandbox.admin('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, kind }) });
  expect(res.ok).toBe(true);
}

test('a connection reset before any answer: Firefox sends the paid lookup again by itself and the gateway charges twice (not prevented): the balance check shows it in the popup and the history', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  // The balance as the user last saw it (the popup reads it): what the next reading is held against.
  expect(await dossier.call('getCredits', { refresh: true })).toMatchObject({ ok: true, value: { credits: 1000 } });
  await fault(sandbox, apiId, 'charge-then-reset-before-answer');
  const reply = await dossier.call('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });

  const paid = await paidRequests(sandbox, apiId);
  expect(paid.map((r) => r.fault)).toEqual(['charge-then-reset-before-answer', null]);
  expect(paid[1]!.query).toBe(paid[0]!.query);
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);
  // Dossier saw one answer and counts one payment of 2 credits.
  expect(reply).toMatchObject({ ok: true, value: { status: 'paid', cost: 2 } });

  // The balance read after it shows 2 credits more gone: said beside the balance in the popup…
  const popup = await dossier.open('popup.html');
  const balance = await byRole(popup, 'region', 'Credit balance');
  let note: ElementHandle<Element> | null = null;
  await expect.poll(async () => !!(note = await withText(balance, 'status', /probably charged twice/)), { message: 'the balance difference beside the balance' }).toBe(true);
  expect(await note!.evaluate((el) => el.textContent)).toMatch(/^2 credits more than Dossier’s lookups cost between .+ and .+\. One lookup cost exactly that: it was probably charged twice\./);
  await expectText(popup, 'region', 'Credit balance', /996 credits/);
  await byRole(note!, 'link', 'See in history');

  // …recorded in history as a balance check, and marked on the lookup that was probably charged twice.
  const history = await dossier.open('lookup-history.html');
  const table = await byRole(history, 'table', 'Lookups');
  await byRole(await rowOf(table, 'Balance check'), 'cell', 'Balance differs');
  await byRole(await rowOf(table, 'Enrich person'), 'cell', 'Paid · Charged twice?');

  // "Got it" takes the note away from beside the balance; history keeps it.
  await popup.bringToFront();
  await click(note!, 'button', 'Got it');
  await expect.poll(() => withText(balance, 'status', /probably charged twice/)).toBeNull();
  const later = await dossier.open('lookup-history.html');
  await byRole(await rowOf(await byRole(later, 'table', 'Lookups'), 'Balance check'), 'cell', 'Balance differs');
});

test('a bare 408 after the charge: Firefox does not repeat it; one charge, outcome unknown', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  await fault(sandbox, apiId, 'charge-then-408');
  const reply = await dossier.call('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect((await paidRequests(sandbox, apiId)).map((r) => r.fault)).toEqual(['charge-then-408']);
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(1);
  expect(reply).toMatchObject({ ok: true, value: { status: 'unknown', cost: 0 } });
});
