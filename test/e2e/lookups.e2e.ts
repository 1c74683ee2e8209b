import type { Page } from '@playwright/test';
import { callBackground, configureExtension, expect, stopServiceWorkers, test, type Sandbox } from './extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const ALEX = 'https://www.linkedin.com/in/alex-morgan';

/** A fresh key per test, so that the sandbox's per-key ledger counts only this test's requests. */
async function freshKey(sandbox: Sandbox, balance = 1000): Promise<string> {
  const apiId = `e2e-${Math.random().toString(36).slice(2)}`;
  const res = await sandbox.admin('keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, balance }) });
  expect(res.ok).toBe(true);
  return apiId;
}

async function fault(sandbox: Sandbox, apiId: string, kind: string, count: number, delayMs?: number) {
  const res = await sandbox.admin('faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apiId, kind, count, delayMs }),
  });
  expect(res.ok).toBe(true);
}

async function setup(sandbox: Sandbox, worker: import('@playwright/test').Worker, openExtensionPage: (p: string) => Promise<Page>, prefs?: object) {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  // The history page makes no gateway request of its own, unlike the popup (balance).
  const page = await openExtensionPage('lookup-history.html');
  if (prefs) expect(await callBackground(page, 'savePreferences', prefs)).toMatchObject({ ok: true });
  return { apiId, page };
}

test('the same person enriched twice costs exactly 2 credits; the second answer comes from the ledger', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  const before = await sandbox.ledger(apiId);

  const first = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(first).toMatchObject({ ok: true, value: { status: 'paid', cost: 2, fromLedger: false } });
  expect(first.value.value.person.fullName).toBe('Maya Chen');

  // Another URL form of the same person.
  const second = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: 'http://fr.linkedin.com/in/Maya-Chen?trk=x' } });
  expect(second).toMatchObject({ ok: true, value: { status: 'cached', cost: 0, fromLedger: true } });
  expect(second.value.paidAt).toEqual(expect.any(Number));
  expect(second.value.value.person.fullName).toBe('Maya Chen');

  // One enrichment, and the balance refresh that follows a paid lookup.
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests - before.requests).toBe(2);
  const after = await sandbox.ledger(apiId);
  expect(before.balance - after.balance).toBe(2);
  expect(after.charges.map((c) => c.path)).toEqual(['/v2/full']);

  const preview = await callBackground(page, 'preview', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(preview.value).toMatchObject({ cost: 0, price: 2, inLedger: { creditBurn: 2 } });
  const history = await callBackground(page, 'getHistory', {});
  expect(history.value.map((e: { outcome: string; cost: number }) => [e.outcome, e.cost])).toEqual([['cached', 0], ['paid', 2]]);
});

test('two identical lookups in flight make one request', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  await fault(sandbox, apiId, 'slow', 1, 500);
  const request = { op: 'enrichPerson', input: { profileUrl: ALEX } };
  const [a, b] = await Promise.all([callBackground(page, 'lookup', request), callBackground(page, 'lookup', request)]);
  expect(a.value.status).toBe('paid');
  expect(b.value).toEqual(a.value);
  // One enrichment, and the balance refresh that follows a paid lookup.
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests).toBe(2);
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(1);
});

test('a 500 and a 429 are retried to success; the balance is charged once', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  await fault(sandbox, apiId, '500', 1);
  await fault(sandbox, apiId, '429', 1);
  const before = await sandbox.ledger(apiId);
  const reply = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(reply.value).toMatchObject({ status: 'paid', cost: 2 });
  // Three attempts, and the balance refresh that follows a paid lookup.
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests - before.requests).toBe(4);
  const after = await sandbox.ledger(apiId);
  expect(before.balance - after.balance).toBe(2);
  expect(after.charges).toHaveLength(1);
});

test('faults that do not heal end in the right typed error, at no cost', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, { network: { timeoutMs: 1500 } });
  const before = await sandbox.ledger(apiId);

  await fault(sandbox, apiId, 'malformed-json', 1);
  const malformed = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(malformed.value).toMatchObject({ status: 'failed', cost: 0, error: { kind: 'unexpected_response' } });

  await fault(sandbox, apiId, '500', 10);
  const broken = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(broken.value).toMatchObject({ status: 'failed', cost: 0, error: { kind: 'server_error' } });
  await sandbox.admin('faults', { method: 'DELETE' });

  await fault(sandbox, apiId, 'hang', 10);
  const hung = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(hung.value).toMatchObject({ status: 'failed', cost: 0, error: { kind: 'timeout' } });
  expect(hung.value.error.message).not.toContain(apiId);
  await sandbox.admin('faults', { method: 'DELETE' });

  expect((await sandbox.ledger(apiId)).balance).toBe(before.balance);
  const history = await callBackground(page, 'getHistory', {});
  expect(history.value.map((e: { outcome: string; cost: number }) => [e.outcome, e.cost])).toEqual([['failed', 0], ['failed', 0], ['failed', 0]]);
});

test('a worker stopped in the middle of a lookup loses nothing and pays once', async ({ context, sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  await fault(sandbox, apiId, 'slow', 1, 3000);
  const before = await sandbox.ledger(apiId);

  // Start the lookup and do not wait for it: the worker is stopped while the request is out.
  void callBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } }).catch(() => {});
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests).toBe(before.requests + 1);
  await stopServiceWorkers(context, page);

  // Any event restarts the worker; it finds the interrupted lookup in its journal and finishes it.
  const other = await openExtensionPage('lookup-history.html');
  await expect
    .poll(async () => {
      const history = await callBackground(other, 'getHistory', {});
      return history.value.map((e: { outcome: string; cost: number }) => [e.outcome, e.cost]);
    }, { timeout: 15_000 })
    .toEqual([['paid', 2]]);
  const after = await sandbox.ledger(apiId);
  expect(before.balance - after.balance).toBe(2);
  // Asking again is free: the resumed answer went into the ledger.
  expect((await callBackground(other, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } })).value.status).toBe('cached');
});

test('EU mode and the suppression list stop lookups before any request', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, {
    privacy: { euMode: true, suppression: ['northwind-analytics.example', 'https://www.linkedin.com/in/priya-raman'] },
  });
  const personal = await callBackground(page, 'lookup', { op: 'searchPersonalEmail', input: { email: 'maya.chen@mail.example' } });
  expect(personal.value).toMatchObject({ status: 'refused', error: { kind: 'eu_mode' } });
  const byDomain = await callBackground(page, 'lookup', { op: 'enrichPerson', input: { email: 'alex.morgan@northwind-analytics.example' } });
  expect(byDomain.value).toMatchObject({ status: 'refused', error: { kind: 'suppressed' } });
  const byProfile = await callBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: 'https://de.linkedin.com/in/priya-raman/' } });
  expect(byProfile.value).toMatchObject({ status: 'refused', error: { kind: 'suppressed' } });
  expect((await sandbox.ledger(apiId)).requests).toBe(0);
});

test('a daily cap refuses a lookup before any request and says why', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, { spending: { dailyCap: 20 } });
  const phone = await callBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
  expect(phone.value).toMatchObject({ status: 'refused', error: { kind: 'daily_cap' } });
  expect(phone.value.error.message).toMatch(/30 credits/);
  expect((await sandbox.ledger(apiId)).requests).toBe(0);
});

test('the toolbar badge shows the balance once it falls below the threshold', async ({ sandbox, worker, openExtensionPage }) => {
  const { page } = await setup(sandbox, worker, openExtensionPage, { spending: { lowBalanceThreshold: 990 } });
  await callBackground(page, 'getCredits', { refresh: true });
  expect(await worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('');
  await callBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
  await expect.poll(() => worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('970');
});
