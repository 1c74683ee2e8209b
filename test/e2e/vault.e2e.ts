import type { Page } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { startWebhookEmulator, WEBHOOK_SECRET } from '@/test/emulators/webhook';
import { callBackground, choosePanelMode, configureExtension, evaluateInContentScript, expect, panelFrame, readRecords, readVault, stopServiceWorkers, test, valueFromBackground, writeVault, type Sandbox } from '@/test/e2e/extension';

/**
 * Secrets and paid data live in the vault (the extension's IndexedDB), out of content scripts'
 * reach: `storage.local`, which every content script can read, holds none of them, and the
 * extension's pages still show them, with or without a running worker.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

let hook: Awaited<ReturnType<typeof startWebhookEmulator>>;
test.beforeAll(async () => {
  hook = await startWebhookEmulator();
});
test.afterAll(async () => {
  await hook?.server.close();
});

async function freshKey(sandbox: Sandbox): Promise<string> {
  return sandbox.newKey(100);
}

const recentLookups = (popup: Page) => popup.getByRole('list', { name: 'Recent lookups' }).getByRole('listitem');

test('after a paid lookup, a content script reads no key, token, history, ledger or result; the popup shows the history with the worker stopped', async ({
  context,
  worker,
  sandbox,
  extensionId,
  openExtensionPage,
}) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const history = await openExtensionPage('lookup-history.html');
  expect(await callBackground(history, 'crmConnect', { connection: { kind: 'webhook', url: hook.url, secret: WEBHOOK_SECRET } })).toMatchObject({ ok: true });
  const paid = await valueFromBackground(history, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(paid).toMatchObject({ op: 'enrichPerson', status: 'paid', cost: 2 });
  // Her addresses, as the gateway found them: a content script must not read them either.
  const emails = paid.op === 'enrichPerson' ? (paid.value?.person?.emails ?? []).map((e) => e.address) : [];
  expect(emails).not.toEqual([]);

  // What the worker wrote is in the vault...
  const vault = await readVault(worker);
  expect(vault.apiKey).toBe(apiId);
  expect(JSON.stringify(await readRecords(worker, 'ledger'))).toContain('Maya Chen');
  expect(await readRecords(worker, 'history')).toHaveLength(1);
  expect(JSON.stringify(vault.crmConnections)).toContain(WEBHOOK_SECRET);

  // ...and none of it in what a content script on a profile page can read.
  await routeDemoPages(context, sandbox.origin);
  await choosePanelMode(context, extensionId, 'frame');
  const page = await context.newPage();
  await page.goto(MAYA);
  // The panel shows (in its frame): the content script has run and reported; the card, read
  // from the contact book through the worker, already knows her.
  await expect((await panelFrame(page)).getByRole('article', { name: 'Maya Chen' }).getByRole('group', { name: 'Work email', exact: true }).getByRole('link', { name: /@/ })).toBeVisible();
  const seen = await evaluateInContentScript<{ local: string; databases: string[] }>(
    context,
    page,
    extensionId,
    `(async () => ({
      local: JSON.stringify(await chrome.storage.local.get(null)),
      databases: (await indexedDB.databases()).map((d) => d.name),
    }))()`,
  );
  for (const trace of [apiId, WEBHOOK_SECRET, 'Maya Chen', 'maya-chen', 'historyEntry', 'historyIndex', '"ledger"', '"crmConnections"', '"crmOutbox"', ...emails]) {
    expect(seen.local, trace).not.toContain(trace);
  }
  // The content script's IndexedDB is the page's: the vault is not there.
  expect(seen.databases).not.toContain('dossier-vault');

  // The popup reads the history from the vault itself: it shows it with no worker running.
  await stopServiceWorkers(context, page);
  const popup = await openExtensionPage('popup.html');
  await expect(recentLookups(popup)).toHaveCount(1);
  await expect(recentLookups(popup).first()).toContainText('Enrich person · Paid · 2 credits');
});

test('an older release’s data in storage.local moves into the vault at the worker’s start, and the popup shows it', async ({ context, worker, sandbox, openExtensionPage }) => {
  const apiId = await freshKey(sandbox);
  const entry = {
    id: 'from-0.1',
    op: 'enrichPerson',
    subject: MAYA,
    input: { profileUrl: MAYA },
    identity: 'person:maya-chen',
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: Date.now() - 60_000,
    at: Date.now() - 60_000,
    pageUrl: null,
    error: null,
  };
  // What release 0.1 left: everything in storage.local, the history as one array.
  await worker.evaluate(
    ({ apiId, gatewayUrl, entry }) =>
      chrome.storage.local.set({
        apiKey: apiId,
        gateway: { kind: 'sandbox', url: gatewayUrl },
        history: [entry],
        ledger: [{ op: 'enrichPerson', keys: ['person:maya-chen'], paidAt: entry.paidAt, creditBurn: 2, result: { fullName: 'Maya Chen' }, historyId: entry.id }],
        crmConnections: { webhook: { kind: 'webhook', url: 'https://hooks.example/dossier', secret: 'webhook-secret-0123456789' } },
      }),
    { apiId, gatewayUrl: sandbox.url, entry },
  );
  const page = await openExtensionPage('lookup-history.html');
  await stopServiceWorkers(context, page);

  // Any page wakes the worker, which moves everything before it answers.
  const popup = await openExtensionPage('popup.html');
  await expect(recentLookups(popup)).toHaveCount(1);
  await expect(recentLookups(popup).first()).toContainText('https://www.linkedin.com/in/maya-chen/');
  const restarted = context.serviceWorkers().at(-1)!;
  expect(await restarted.evaluate(() => chrome.storage.local.get(null))).toEqual({});
  const vault = await readVault(restarted);
  expect(vault.apiKey).toBe(apiId);
  expect(JSON.stringify(vault.crmConnections)).toContain('webhook-secret-0123456789');
  // The ledger came along: asking again is free.
  const again = await valueFromBackground(popup, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(again.status).toBe('cached');
});

test('the history and ledger of the last release (one key per entry, the ledger as an array) move into their record stores at the worker’s next start: listed, and a repeat is free', async ({
  context,
  worker,
  sandbox,
  openExtensionPage,
}) => {
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const now = Date.now();
  const entry = (id: string, subject: string, minutesAgo: number) => ({
    id,
    op: 'enrichPerson',
    subject,
    input: { profileUrl: subject },
    identity: `person:${id}`,
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: now - minutesAgo * 60_000,
    at: now - minutesAgo * 60_000,
    pageUrl: null,
    error: null,
  });
  const entries = [entry('maya-chen', MAYA, 5), entry('alex-morgan', 'https://www.linkedin.com/in/alex-morgan/', 10), entry('sam-lee', 'https://www.linkedin.com/in/sam-lee/', 15)];
  // Layout 2 as the last release left it in the vault, with its ledger array.
  await writeVault(worker, {
    ...Object.fromEntries(entries.map((e) => [`historyEntry:${e.id}`, e])),
    'historyPage:0': entries.map((e) => e.id),
    historyIndex: { pages: [{ n: 0, size: 3 }], next: 1 },
    historyIndex$: { v: 1 },
    historyRecent: entries,
    ledger: [{ op: 'enrichPerson', keys: ['person:maya-chen'], paidAt: entries[0]!.paidAt, creditBurn: 2, result: { fullName: 'Maya Chen' }, historyId: 'maya-chen' }],
    ledger$: { v: 1 },
  });
  const page = await openExtensionPage('lookup-history.html');
  await stopServiceWorkers(context, page);
  await page.close();

  // The history page wakes the worker, which moves both; the page lists what is moved.
  const history = await openExtensionPage('lookup-history.html');
  const table = history.getByRole('table', { name: 'Lookups' });
  await expect(table).toHaveAttribute('aria-rowcount', '4');
  for (const e of entries) await expect(table.getByRole('cell', { name: e.subject, exact: true })).toBeVisible();
  await expect(history.getByText(/^Updating your history/)).toHaveCount(0);

  const restarted = context.serviceWorkers().at(-1)!;
  await expect.poll(async () => Object.keys(await readVault(restarted)).filter((key) => /^(history|ledger)/.test(key))).toEqual([]);
  expect(await readRecords(restarted, 'ledger')).toHaveLength(1);

  // Asking again for Maya Chen is answered from the ledger: no request reaches the gateway.
  const before = (await sandbox.ledger(apiId)).requests;
  const again = await valueFromBackground(history, 'lookup', { op: 'enrichPerson', input: { profileUrl: MAYA } });
  expect(again).toMatchObject({ status: 'cached', cost: 0, fromLedger: true });
  expect((await sandbox.ledger(apiId)).requests).toBe(before);
});
