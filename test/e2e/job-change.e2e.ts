import { routeDemoPages } from '@/scripts/demo-routes';
import { callBackground, configureExtension, expect, panelFrame, test, type Sandbox } from '@/test/e2e/extension';

/**
 * Job changes, free: Maya is enriched on her profile; her profile then says she moved to
 * Initech. On the revisit the card says so, marks her old work email as probably gone and puts
 * the work email lookup at Initech forward, priced, with no request sent to the service for any
 * of it (the sandbox's recorded requests of the key are the same before and after). The contact
 * book lists her under "Changed jobs"; the new lookup, once bought, clears the change.
 */
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const WORK = 'maya.chen@northwind-analytics.example';

/** The key's requests as the sandbox recorded them (path and query, the key masked). */
async function recorded(sandbox: Sandbox, apiId: string): Promise<{ path: string; query: string }[]> {
  const reply = (await (await sandbox.admin(`requests?apiId=${encodeURIComponent(apiId)}`)).json()) as { requests: { path: string; query: string }[] };
  return reply.requests.map(({ path, query }) => ({ path, query }));
}

/** Once the service has seen nothing new for a second (the balance re-read after a paid lookup). */
async function settled(sandbox: Sandbox, apiId: string) {
  let last = -1;
  for (;;) {
    const requests = await recorded(sandbox, apiId);
    if (requests.length === last) return requests;
    last = requests.length;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

test('a revisited profile with a new company: the card shows the change, with no request made', async ({ context, worker, sandbox, openExtensionPage }) => {
  const apiId = await sandbox.newKey(1000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const admin = await openExtensionPage('lookup-history.html');
  expect(await callBackground(admin, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
  await admin.close();
  // Her profile as the sandbox serves it, then (moved) as she updated it: CTO at Initech.
  let moved = false;
  await routeDemoPages(context, sandbox.origin, (html) => (moved ? html.replaceAll('Northwind Analytics', 'Initech').replaceAll('VP of Engineering', 'CTO') : html));

  const page = await context.newPage();
  await page.goto(MAYA);
  let card = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
  await card.getByRole('button', { name: 'Enrich person and company · up to 2 credits' }).click();
  const work = () => card.getByRole('group', { name: 'Work email', exact: true });
  await expect(work().getByRole('link', { name: WORK })).toBeVisible();
  await expect(card).not.toContainText('Changed jobs');
  const before = await settled(sandbox, apiId);
  expect(before.map((r) => r.path)).toContain('/v2/full');

  await test.step('the revisit: the card says she changed jobs, her old email probably gone, the lookup at Initech forward', async () => {
    moved = true;
    await page.reload();
    card = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
    await expect(card.getByText('Changed jobs: was VP of Engineering at Northwind Analytics')).toBeVisible();
    await expect(card.locator('header')).toContainText('CTO · Initech');
    await expect(work().getByRole('listitem').filter({ hasText: WORK })).toContainText('probably gone');
    // Priced at its full price (the ledger's old answer is not what is asked for), and the card's one filled button.
    const findAtInitech = work().getByRole('button', { name: 'Find work email at Initech · up to 1 credit' });
    await expect(findAtInitech).toBeVisible();
    await expect(findAtInitech).not.toHaveClass(/secondary/);
    await expect(card.getByRole('button', { name: /up to/ }).and(card.locator('button:not(.secondary)'))).toHaveCount(1);
  });

  await test.step('no request reached the service between before and after the revisit', async () => {
    await page.waitForTimeout(1_500);
    expect(await recorded(sandbox, apiId)).toEqual(before);
  });

  await test.step('the contact book lists her under "Changed jobs"', async () => {
    const book = await openExtensionPage('contacts.html');
    const table = book.getByRole('table', { name: 'Contacts' });
    const details = table.getByRole('button', { name: /^Details of / });
    await expect(details).toHaveCount(1);
    await book.getByRole('checkbox', { name: 'Changed jobs' }).check();
    await expect(details).toHaveCount(1);
    await expect(table.getByRole('button', { name: 'Details of Maya Chen' })).toBeVisible();
    // Her card in the book says it too (recorded by the worker, no page here).
    await table.getByRole('button', { name: 'Details of Maya Chen' }).click();
    await expect(book.getByText('Changed jobs: was VP of Engineering at Northwind Analytics')).toBeVisible();
    if (process.env.JOB_CHANGE_SHOTS) await book.screenshot({ path: `${process.env.JOB_CHANGE_SHOTS}/book-changed-jobs.png`, fullPage: true });
    await book.close();
  });

  await test.step('the new lookup asks about Initech; once answered, the change is the record’s and the notice goes', async () => {
    await work().getByRole('button', { name: 'Find work email at Initech · up to 1 credit' }).click();
    await expect(card.getByText(/^Changed jobs/)).toHaveCount(0);
    const asked = (await recorded(sandbox, apiId)).slice(before.length);
    expect(asked.some((r) => /company=Initech/.test(r.query))).toBe(true);
  });
});
