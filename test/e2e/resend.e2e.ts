import type { Page, Worker } from '@playwright/test';
import { callBackground, configureExtension, expect, test, valueFromBackground, type Sandbox } from '@/test/e2e/extension';

/**
 * Chromium sends a GET again by itself when it went out on a reused kept-alive connection and
 * that connection dropped before any answer, or answered a bare 408: the gateway bills twice and
 * the extension never knows (docs/design/paid-requests-and-resends.md). The worker makes every
 * gateway connection close after its answer (lib/worker/fresh-connections.ts), so a paid
 * request never starts on a reused one.
 */

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

interface Received {
  path: string;
  query: string;
  connection: number;
  reused: boolean;
  fault: string | null;
  connectionHeader: string | null;
}

async function received(sandbox: Sandbox, apiId: string): Promise<Received[]> {
  return ((await (await sandbox.admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as { requests: Received[] }).requests;
}

async function fault(sandbox: Sandbox, apiId: string, kind: string) {
  const res = await sandbox.admin('faults', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiId, kind }) });
  expect(res.ok).toBe(true);
}

async function setup(sandbox: Sandbox, worker: Worker, openExtensionPage: (p: string) => Promise<Page>) {
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const page = await openExtensionPage('lookup-history.html');
  expect(await callBackground(page, 'getCredits', { refresh: true })).toMatchObject({ ok: true });
  return { apiId, page };
}

for (const kind of ['charge-then-reset-before-answer', 'charge-then-408'] as const) {
  test(`${kind} after a balance read: the paid lookup is sent once, on a fresh connection, and charged once`, async ({ sandbox, worker, openExtensionPage }) => {
    const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
    await fault(sandbox, apiId, kind);
    const reply = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
    // The answer was lost after the charge: the lookup says so, and the balance read after it shows the charge.
    expect(reply).toMatchObject({ status: 'unknown', cost: 0, price: 2 });

    const ledger = await sandbox.ledger(apiId);
    expect(ledger.charges).toHaveLength(1);
    const requests = await received(sandbox, apiId);
    const paid = requests.filter((r) => r.path === '/v2/full');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ reused: false, fault: kind });
    // Every gateway request asked for its connection to be closed, the free ones included: none was reused.
    expect(requests.every((r) => r.connectionHeader === 'close' && !r.reused)).toBe(true);
  });
}

for (const kind of ['charge-then-reset-before-answer', 'charge-then-408'] as const) {
  test(`${kind} without the measure: Chromium sends the paid lookup again by itself, the gateway charges twice, and the balance check shows it in the popup and the history`, async ({ sandbox, worker, openExtensionPage }) => {
    const { apiId, page } = await setup(sandbox, worker, openExtensionPage);
    await worker.evaluate(() => chrome.declarativeNetRequest.updateSessionRules({ removeRuleIds: [1] }));
    // The balance read leaves a kept-alive connection, which the lookup reuses.
    expect(await callBackground(page, 'getCredits', { refresh: true })).toMatchObject({ ok: true });
    await fault(sandbox, apiId, kind);
    const reply = await valueFromBackground(page, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });

    const paid = (await received(sandbox, apiId)).filter((r) => r.path === '/v2/full');
    expect(paid.map((r) => [r.reused, r.fault])).toEqual([
      [true, kind],
      [false, null],
    ]);
    expect(paid[1]!.query).toBe(paid[0]!.query);
    expect((await sandbox.ledger(apiId)).charges).toHaveLength(2);
    // The extension saw one answer and counts one payment: only the balance can tell.
    expect(reply).toMatchObject({ status: 'paid', cost: 2 });

    // The balance read once the lookup is in history shows 2 credits more gone: recorded as a
    // difference, said beside the balance, and marked on the lookup (lib/balance/worker/reconcile.ts).
    const popup = await openExtensionPage('popup.html');
    const note = popup.getByTestId('balance-difference');
    await expect(note).toContainText('2 credits more than Dossier’s lookups cost between');
    await expect(note).toContainText('probably charged twice');
    await expect(popup.getByTestId('balance')).toHaveText('996 credits');

    await page.reload();
    const table = page.getByRole('table', { name: 'Lookups' });
    const check = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Balance check', exact: true }) });
    await expect(check).toHaveCount(1);
    await expect(check.getByRole('cell', { name: 'Balance differs' })).toBeVisible();
    const lookup = table.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Enrich person', exact: true }) });
    await expect(lookup.getByRole('cell', { name: /Paid · Charged twice\?/ })).toBeVisible();

    // "Got it" takes the note away from beside the balance; history keeps it.
    await popup.getByRole('button', { name: 'Got it' }).click();
    await expect(note).toHaveCount(0);
    await page.reload();
    await expect(check).toHaveCount(1);
  });
}
