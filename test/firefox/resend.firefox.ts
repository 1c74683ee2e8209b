import { expect, test } from '@/test/firefox/firefox';

/**
 * What Firefox's network stack sends again by itself (docs/design/paid-requests-and-resends.md).
 * Necko restarts a GET whose connection dropped before any byte of the answer, on a reused
 * connection and on a fresh one alike (a safe method: nsHttpTransaction restarts it), unseen by
 * fetch and webRequest; it does not repeat a 408. So the Chromium measure (every gateway
 * connection closed after its answer) would not help here, and the Firefox build does without
 * it: this double charge is left to the balance reconciliation to find.
 */

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

async function paidRequests(sandbox: { admin(path: string): Promise<Response> }, apiId: string) {
  const { requests } = (await (await sandbox.admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as {
    requests: { path: string; query: string; reused: boolean; fault: string | null }[];
  };
  return requests.filter((r) => r.path === '/v2/full');
}

async function fault(sandbox: { admin(path: string, init?: RequestInit): Promise<Response> }, apiId: string, kind: string) {
  const res = await sandbox.admin('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, kind }) });
  expect(res.ok).toBe(true);
}

test('a connection reset before any answer: Firefox sends the paid lookup again by itself and the gateway charges twice (recorded, not prevented)', async ({ dossier, sandbox, freshKey }) => {
  const apiId = await freshKey();
  await dossier.connect(apiId);
  await fault(sandbox, apiId, 'charge-then-reset-before-answer');
  const reply = await dossier.call('lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });

  const paid = await paidRequests(sandbox, apiId);
  expect(paid.map((r) => r.fault)).toEqual(['charge-then-reset-before-answer', null]);
  expect(paid[1]!.query).toBe(paid[0]!.query);
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);
  // Dossier saw one answer and counts one payment of 2 credits.
  expect(reply).toMatchObject({ ok: true, value: { status: 'paid', cost: 2 } });
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
