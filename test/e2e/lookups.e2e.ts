import type { Page } from '@playwright/test';
import { callBackground, configureExtension, expect, stopServiceWorkers, test, valueFromBackground, type Sandbox } from '@/test/e2e/extension';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const ALEX = 'https://www.linkedin.com/in/alex-morgan';

/** A fresh key per test, so that the sandbox's per-key ledger counts only this test's requests. */
async function freshKey(sandbox: Sandbox, balance = 1000): Promise<string> {
  return sandbox.newKey(balance);
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
  // As after "Test connection": the balance is known, the baseline a lost answer is compared with.
  expect(await callBackground(page, 'getCredits', { refresh: true })).toMatchObject({ ok: true });
  return { apiId, page };
}

test('the same person enriched twice costs exactly 2 credits; the second answer comes from the ledger', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  const before = await sandbox.ledger(apiId);

  const first = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(first).toMatchObject({ status: 'paid', cost: 2, fromLedger: false, value: { person: { fullName: 'Maya Chen' } } });

  // Another URL form of the same person.
  const second = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: 'http://fr.linkedin.com/in/Maya-Chen?trk=x' } });
  expect(second).toMatchObject({ status: 'cached', cost: 0, fromLedger: true, value: { person: { fullName: 'Maya Chen' } } });
  expect(second.paidAt).toEqual(expect.any(Number));

  // One enrichment, and the balance refresh that follows a paid lookup.
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests - before.requests).toBe(2);
  const after = await sandbox.ledger(apiId);
  expect(before.balance - after.balance).toBe(2);
  expect(after.charges.map((c) => c.path)).toEqual(['/v2/full']);

  const preview = await valueFromBackground(page, 'preview', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(preview).toMatchObject({ cost: 0, price: 2, inLedger: { creditBurn: 2 } });
  const history = await valueFromBackground(page, 'getHistory', {});
  expect(history.map((e) => [e.outcome, e.cost])).toEqual([['cached', 0], ['paid', 2]]);
});

test('two identical lookups in flight make one request', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  await fault(sandbox, apiId, 'slow', 1, 500);
  const before = await sandbox.ledger(apiId);
  const request = { op: 'enrichPerson', input: { profileUrl: ALEX } };
  const [a, b] = await Promise.all([valueFromBackground(page, 'lookup', request), valueFromBackground(page, 'lookup', request)]);
  expect(a.status).toBe('paid');
  expect(b).toEqual(a);
  // One enrichment, and the balance refresh that follows a paid lookup.
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests - before.requests).toBe(2);
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(1);
});

test('a 500 and a 429 are retried to success; the balance is charged once', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  await fault(sandbox, apiId, '500', 1);
  await fault(sandbox, apiId, '429', 1);
  const before = await sandbox.ledger(apiId);
  const reply = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(reply).toMatchObject({ status: 'paid', cost: 2 });
  // Three attempts, and the balance refresh that follows a paid lookup.
  await expect.poll(async () => (await sandbox.ledger(apiId)).requests - before.requests).toBe(4);
  const after = await sandbox.ledger(apiId);
  expect(before.balance - after.balance).toBe(2);
  expect(after.charges).toHaveLength(1);
});

test('faults that do not heal end in the right typed error, at no cost; a lost answer is never re-sent', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, { network: { timeoutMs: 1500 } });
  const before = await sandbox.ledger(apiId);
  const lookupRequests = () => sandbox.sentTo(apiId, '/v2/full');

  // A 200 that cannot be read may have been charged: not re-sent; the balance read again has not moved (so far).
  await fault(sandbox, apiId, 'malformed-json', 1);
  let sent = await lookupRequests();
  const malformed = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(malformed).toMatchObject({ status: 'unknown', cost: 0, price: 2, balanceCheck: { after: before.balance } });
  expect(malformed.error?.message).toMatch(/has not moved so far/);
  // One lookup request (the balance reads that follow are free, and counted apart).
  expect((await lookupRequests()) - sent).toBe(1);

  // Errors the gateway answered are free, retried a few times, then reported.
  await fault(sandbox, apiId, '500', 10);
  const broken = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(broken).toMatchObject({ status: 'failed', cost: 0, error: { kind: 'server_error' } });
  await sandbox.admin('faults', { method: 'DELETE' });

  // One hang is enough: the lookup is not sent again, and the balance read that follows is answered.
  await fault(sandbox, apiId, 'hang', 1);
  sent = await lookupRequests();
  const hung = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(hung).toMatchObject({ status: 'unknown', cost: 0, price: 2, error: { message: expect.any(String) } });
  expect(hung.error?.message).not.toContain(apiId);
  expect(hung.balanceCheck).toEqual({ before: before.balance, after: before.balance });
  // The hung lookup was sent once.
  expect((await lookupRequests()) - sent).toBe(1);
  await sandbox.admin('faults', { method: 'DELETE' });

  expect((await sandbox.ledger(apiId)).balance).toBe(before.balance);
  const history = await valueFromBackground(page, 'getHistory', {});
  expect(history.map((e) => [e.outcome, e.cost])).toEqual([['unknown', 0], ['failed', 0], ['unknown', 0]]);
});

for (const kind of ['charge-then-reset', 'charge-then-hang'] as const) {
  test(`${kind}: the gateway charged, the answer is lost; exactly one charge, outcome unknown, balance re-read, retry priced`, async ({ sandbox, worker, openExtensionPage }) => {
    const { apiId, page } = await setup(sandbox, worker, openExtensionPage, { network: { timeoutMs: 1500 } });
    const before = await sandbox.ledger(apiId);
    await fault(sandbox, apiId, kind, 1, kind === 'charge-then-hang' ? 30_000 : undefined);
    const reply = await valueFromBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
    const after = await sandbox.ledger(apiId);
    expect(after.charges).toHaveLength(1);
    expect(reply).toMatchObject({ status: 'unknown', cost: 0, price: 30, balanceCheck: { before: before.balance, after: before.balance - 30 } });
    expect(reply.error?.message).toMatch(/may have been charged/);
    expect(reply.error?.message).toMatch(/up to 30 credits/);
    // One phone search: nothing was sent again (the balance reads that follow are free).
    expect(await sandbox.sentTo(apiId, '/v1/search')).toBe(1);
  });
}

test('a 500 and a 429 on a free call (Test connection) are retried to success', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
  await fault(sandbox, apiId, '500', 1);
  await fault(sandbox, apiId, '429', 1);
  const reply = await valueFromBackground(page, 'testConnection', { gateway: { kind: 'sandbox', url: sandbox.url }, apiKey: apiId });
  expect(reply).toEqual({ status: 'ok', credits: (await sandbox.ledger(apiId)).balance });
});

test('a worker stopped mid-lookup after the gateway charged: one charge, outcome unknown, balance re-read, retry offered at its price', async ({ context, sandbox, worker, openExtensionPage }) => {
  const apiId = await freshKey(sandbox, 100);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const popup = await openExtensionPage('popup.html');
  await expect(popup.getByText(/100 credits/).first()).toBeVisible();
  await fault(sandbox, apiId, 'charge-then-hang', 1, 60_000);

  await popup.getByRole('textbox', { name: /Profile URL, email, phone/ }).fill(MAYA);
  await popup.getByRole('button', { name: 'Look up' }).click();
  await expect.poll(async () => (await sandbox.ledger(apiId)).charges.length).toBe(1);
  await stopServiceWorkers(context, popup);

  // The popup asks the restarted worker what became of its attempt: never sent again.
  const unknown = popup.getByRole('alert', { name: 'Result unknown' });
  await expect(unknown).toBeVisible({ timeout: 15_000 });
  await expect(unknown).toContainText('from 100 to 98 credits');
  const retry = unknown.getByRole('button', { name: 'Try again · may cost up to 2 credits' });
  await expect(retry).toBeVisible();
  const ledger = await sandbox.ledger(apiId);
  expect(ledger.charges).toHaveLength(1);
  expect(ledger.balance).toBe(98);

  const history = await openExtensionPage('lookup-history.html');
  const entries = await valueFromBackground(history, 'getHistory', {});
  expect(entries.map((e) => [e.outcome, e.cost, e.maxCost])).toEqual([['unknown', 0, 2]]);

  // The user's own retry runs it once more, knowingly.
  await retry.click();
  await expect(popup.getByTestId('lookup-cost')).toContainText('2 credits');
  expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);
});

test('EU mode and the suppression list stop lookups before any request', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, {
    privacy: { euMode: true, suppression: ['northwind-analytics.example', 'https://www.linkedin.com/in/priya-raman'] },
  });
  const before = await sandbox.ledger(apiId);
  const personal = await valueFromBackground(page, 'lookup', { op: 'searchPersonalEmail', input: { email: 'maya.chen@mail.example' } });
  expect(personal).toMatchObject({ status: 'refused', error: { kind: 'eu_mode' } });
  const byDomain = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { email: 'alex.morgan@northwind-analytics.example' } });
  expect(byDomain).toMatchObject({ status: 'refused', error: { kind: 'suppressed' } });
  const byProfile = await valueFromBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: 'https://de.linkedin.com/in/priya-raman/' } });
  expect(byProfile).toMatchObject({ status: 'refused', error: { kind: 'suppressed' } });
  expect((await sandbox.ledger(apiId)).requests).toBe(before.requests);
});

test('a daily cap refuses a lookup before any request and says why', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, { spending: { dailyCap: 20 } });
  const before = await sandbox.ledger(apiId);
  const phone = await valueFromBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
  expect(phone).toMatchObject({ status: 'refused', error: { kind: 'daily_cap' } });
  expect(phone.error?.message).toMatch(/30 credits/);
  expect((await sandbox.ledger(apiId)).requests).toBe(before.requests);
});

test('twenty lookups sent together against a daily cap of ten credits spend at most ten', async ({ sandbox, worker, openExtensionPage }) => {
  const { apiId, page } = await setup(sandbox, worker, openExtensionPage, { spending: { dailyCap: 10 } });
  const slugs = (await import('@/sandbox/directory')).defaultDirectory().people.slice(0, 20).map((p) => p.slug);
  const replies = await Promise.all(slugs.map((slug) => valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: `https://www.linkedin.com/in/${slug}/` } })));
  const spent = (await sandbox.ledger(apiId)).charges.reduce((sum, c) => sum + c.creditBurn, 0);
  expect(spent).toBeLessThanOrEqual(10);
  expect(replies.filter((r) => r.error?.kind === 'daily_cap').length).toBeGreaterThanOrEqual(15);
});

test('the toolbar badge shows the balance once it falls below the threshold', async ({ sandbox, worker, openExtensionPage }) => {
  const { page } = await setup(sandbox, worker, openExtensionPage, { spending: { lowBalanceThreshold: 990 } });
  await callBackground(page, 'getCredits', { refresh: true });
  expect(await worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('');
  await callBackground(page, 'lookup', { op: 'searchPhone', input: { profileUrl: MAYA } });
  await expect.poll(() => worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('970');
});
