import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { routeDemoPages } from '@/scripts/demo-routes';
import { buildCrowd } from '@/sandbox/tools/generate-directory';
import { HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { callBackground, choosePanelMode, configureExtension, E2E_CROWD, expect, panelFrame, stopServiceWorkers, test, valueFromBackground, type Sandbox } from '@/test/e2e/extension';

/**
 * Bulk enrichment in the real browser, against the sandbox (its crowd of synthetic people) and
 * the HubSpot emulator: a CSV of 200 people and 20 bad rows, 30 of them paid for before, priced,
 * started, the worker stopped half-way, resumed, finished, and its results file; a run's matched
 * people pushed to HubSpot; the search pages' collecting list.
 */
const HEADERS = ['First name', 'Last name', 'Company', 'Email', 'LinkedIn', 'Notes'];
const FORMULA = '=HYPERLINK("http://evil.example","click me")';
const CROWD = buildCrowd(E2E_CROWD).people;
type Person = (typeof CROWD)[number];

let hs: Awaited<ReturnType<typeof startHubspotEmulator>>;
test.beforeAll(async () => {
  hs = await startHubspotEmulator();
});
test.afterAll(async () => {
  await hs.server.close();
});

async function freshKey(sandbox: Sandbox): Promise<string> {
  return sandbox.newKey(10_000);
}

/** A third of the people by profile URL, a third by email, a third by name with their company. */
function rowOf(p: Person, i: number): string[] {
  if (i % 3 === 0) return [p.firstName, p.lastName, '', '', p.networkUrl, `met at the fair #${i}`];
  if (i % 3 === 1) return ['', '', '', p.email!, '', ''];
  return [p.firstName, p.lastName, p.company, '', '', ''];
}

/** The rows nothing can be done with: only a note, a malformed email, a formula-looking name. */
function badRow(i: number): string[] {
  if (i < 7) return ['', '', '', '', '', 'call back later'];
  if (i < 14) return ['', '', '', `not-an-email-${i}@`, '', ''];
  return [FORMULA, '', '', '', '', ''];
}

/** The dt/dd pairs of a description list, by its accessible name. */
const facts = async (page: Page, name: string) =>
  page.getByLabel(name, { exact: true }).evaluate((dl) => Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));

async function upload(page: Page, name: string, csv: string) {
  await page.getByLabel('or choose a CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name, level: 2 })).toBeFocused();
}

test('a CSV of 220 rows: priced before it starts, run through a worker stop, charged what was shown, one results line per row', async ({ context, sandbox, worker, openExtensionPage }) => {
  // The resume waits for the worker's next start (up to the 30 s alarm), and the lookups a stop
  // (or a time-out on a busy machine) left unknown are sent again: two minutes on a loaded machine.
  test.setTimeout(150_000);
  const PEOPLE = 200;
  const PAID_BEFORE = 30;
  const people = CROWD.slice(0, PEOPLE);
  const rows: string[][] = [];
  // The bad rows among the good ones, one every ten rows.
  people.forEach((p, i) => {
    rows.push(rowOf(p, i));
    if (i % 10 === 9) rows.push(badRow((i - 9) / 10));
  });
  const apiId = await freshKey(sandbox);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: apiId });
  const helper = await openExtensionPage('lookup-history.html');

  await test.step('30 of the people are paid for first, through the lookup path', async () => {
    for (const p of people.filter((_, i) => i % 3 === 0).slice(0, PAID_BEFORE)) {
      expect(await callBackground(helper, 'lookup', { op: 'enrichPerson', input: { profileUrl: p.networkUrl } })).toMatchObject({ ok: true, value: { status: 'paid' } });
    }
    expect((await sandbox.ledger(apiId)).charges).toHaveLength(PAID_BEFORE);
  });

  const page = await openExtensionPage('bulk.html');
  await expect(page.getByText(/Up to 10,000 rows per run/)).toBeVisible();

  await test.step('the file goes in through the file picker; its columns are mapped by their headers; the bad rows listed', async () => {
    await upload(page, 'attendees.csv', Papa.unparse([HEADERS, ...rows]));
    const expected: Record<string, string> = { 'First name': 'firstName', 'Last name': 'lastName', Company: 'company', Email: 'email', LinkedIn: 'profileUrl', Notes: '' };
    for (const [column, field] of Object.entries(expected)) await expect(page.getByRole('combobox', { name: `Dossier field for column “${column}”` })).toHaveValue(field);
    await expect(page.getByRole('heading', { name: '20 rows cannot be used' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Row 11: Nothing to look up/ })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /^Row 88: Email: “not-an-email-7@” is not an email address/ })).toBeVisible();
  });

  const price = await test.step('full enrichment chosen: the rows as sent, and the price with what is free', async () => {
    await page.getByRole('checkbox', { name: 'Full enrichment (up to 2 credits a row)' }).check();
    const preview = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Full enrichment sends' }) });
    await expect(preview.getByRole('row').nth(1)).toContainText(`Profile URL: ${people[0]!.networkUrl}`);
    await expect(preview.getByRole('row').nth(2)).toContainText(`Email: ${people[1]!.email}`);
    await expect(preview.getByRole('row').nth(3)).toContainText(`First name: ${people[2]!.firstName} · Last name: ${people[2]!.lastName} · Company: ${people[2]!.company}`);
    const start = page.getByRole('button', { name: /^Start: spend up to \d+ credits$/ });
    await expect(start).toBeEnabled();
    expect(await facts(page, 'What makes the price')).toMatchObject({
      'Lookups to pay for': String(PEOPLE - PAID_BEFORE),
      'Answered free (already paid for)': String(PAID_BEFORE),
      'Skipped: cannot be used': '20',
      'Left under today’s spending cap': 'No daily cap',
    });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    return Number(/(\d+) credits$/.exec((await start.textContent())!)![1]);
  });
  expect(price).toBe((PEOPLE - PAID_BEFORE) * 2);
  // Pricing is free: nothing was charged for it.
  const chargedBefore = (await sandbox.ledger(apiId)).charges.length;
  expect(chargedBefore).toBe(PAID_BEFORE);

  const bar = page.getByRole('progressbar', { name: 'Run progress' });
  await test.step('started; the worker is stopped half-way; the run resumes and finishes', async () => {
    await page.getByRole('button', { name: `Start: spend up to ${price} credits` }).click();
    await expect(bar).toHaveAttribute('aria-valuemax', '220');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThanOrEqual(110);
    await stopServiceWorkers(context, page);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(220);
    await expect(bar).toHaveAttribute('aria-valuenow', '220', { timeout: 40_000 });
    await expect(page.getByText('CSV file · 220 rows · Done', { exact: true })).toBeVisible();
  });

  await test.step('the price shown is what the sandbox charged for the run, each person once', async () => {
    let counts = await facts(page, 'Counts');
    expect(counts).toMatchObject({ Skipped: '20', Failed: '0', 'No match': '0' });
    // The stop lost the answers of the lookups under way: their outcome is unknown, and none is
    // sent again without the user. Everyone in the file exists in the sandbox, so every charge is
    // a match of 2 credits.
    const unknown = Number(counts['Result unknown']);
    expect(Number(counts.Paid) + Number(counts.Free) + unknown).toBe(PEOPLE);
    test.info().annotations.push({ type: 'worker stop', description: `${unknown} lookups of unknown outcome` });
    if (unknown) {
      // The user sends them again, knowingly, at the price the page states.
      await page.getByRole('button', { name: `Send again ${unknown} with result unknown (up to ${unknown * 2} credits)` }).click();
      await page.getByRole('button', { name: `Send again, up to ${unknown * 2} credits` }).click();
      await expect.poll(async () => (await facts(page, 'Counts'))['Result unknown'], { timeout: 20_000 }).toBe('0');
      await expect(bar).toHaveAttribute('aria-valuenow', '220', { timeout: 20_000 });
      counts = await facts(page, 'Counts');
    }
    const run = (await sandbox.ledger(apiId)).charges.slice(chargedBefore);
    // What the page priced is what the sandbox charged: each person to pay for once, and a second
    // time only a person the user sent again after the stop lost a charged answer.
    const chargedTwice = run.length - (PEOPLE - PAID_BEFORE);
    expect(chargedTwice).toBeGreaterThanOrEqual(0);
    expect(chargedTwice).toBeLessThanOrEqual(unknown);
    expect(run.every((c) => c.creditBurn === 2)).toBe(true);
    // A lookup paid in this run just before the stop is counted paid in it, even when the worker
    // stopped after filing its answer and before history had it: "Free" is only those paid before.
    expect(counts['Result unknown']).toBe('0');
    expect(counts).toMatchObject({ Paid: String(PEOPLE - PAID_BEFORE), Free: String(PAID_BEFORE) });
    expect(run.length).toBeGreaterThanOrEqual(Number(counts.Paid));
    // What the page says was spent: each person once, and the second charge of a person sent again
    // when Dossier could tell the lost answer was charged (the balance moved for that lookup alone).
    // When several answers were lost at once it cannot tell which were charged, and counts only
    // what it knows: the gap is what issue 25's balance reconciliation closes.
    const spent = Number(counts.Spent!.replace(/\D/g, ''));
    expect(spent).toBeGreaterThanOrEqual(price);
    expect(spent).toBeLessThanOrEqual(price + 2 * chargedTwice);
  });

  await test.step('the results file: one line per input row, the original columns first, formulas neutralised', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download results CSV' }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^dossier-bulk-attendees-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...lines] = Papa.parse<string[]>(readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(lines).toHaveLength(rows.length);
    expect(header!.slice(0, HEADERS.length)).toEqual(HEADERS);
    expect(lines.map((line) => line.slice(0, HEADERS.length))).toEqual(rows.map((row) => (row[0] === FORMULA ? [`'${FORMULA}`, ...row.slice(1)] : row)));
    const email = header!.indexOf('Dossier email');
    const status = header!.indexOf('Dossier status');
    expect(lines.filter((line) => line[email]).length).toBe(PEOPLE);
    expect(lines[2]![email]).toBe(people[2]!.email);
    expect(new Set(lines.map((line) => line[status]))).toEqual(new Set(['done', 'skipped']));
  });
});

test('push all matched of a run to HubSpot: the plan first, each contact created once, pushing again creates nobody', async ({ sandbox, worker, openExtensionPage }) => {
  // Two pushes through the outbox at HubSpot's rate, then the book: a minute on a loaded machine.
  test.setTimeout(120_000);
  hs.state.reset();
  const people = CROWD.slice(300, 312);
  // Two of them are in HubSpot already (by a verified email: their company is not catch-all), with less than Dossier knows.
  const catchAll = new Set(buildCrowd(E2E_CROWD).companies.filter((c) => c.catchall).map((c) => c.name));
  const known = people.filter((p) => !catchAll.has(p.company)).slice(0, 2);
  for (const p of known) hs.state.seed('contacts', { email: p.email!, firstname: p.firstName });
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await freshKey(sandbox) });
  const helper = await openExtensionPage('lookup-history.html');
  expect(await callBackground(helper, 'crmConnect', { connection: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin } })).toMatchObject({ ok: true });

  const page = await openExtensionPage('bulk.html');
  await upload(page, 'crm.csv', Papa.unparse([HEADERS, ...people.map(rowOf)]));
  await page.getByRole('checkbox', { name: 'Full enrichment (up to 2 credits a row)' }).check();
  await page.getByRole('button', { name: 'Start: spend up to 24 credits' }).click();
  await expect(page.getByText('CSV file · 12 rows · Done', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(await facts(page, 'Counts')).toMatchObject({ Paid: '12' });

  const crm = page.getByRole('region', { name: 'CRM', exact: true });
  const drained = async () => (await valueFromBackground(helper, 'crmOutbox')).every((item) => item.state === 'delivered');
  await crm.getByRole('button', { name: 'Push all matched to HubSpot' }).click();
  await expect(crm.getByTestId('bulk-crm-plan')).toHaveText('10 create, 2 update, 0 skip', { timeout: 20_000 });
  expect(hs.state.contacts.size).toBe(2);
  await crm.getByRole('button', { name: 'Yes, push to HubSpot' }).click();
  await expect(crm.getByRole('status')).toHaveText('12 people queued for HubSpot; the outbox sends them and retries on failure.');
  await expect.poll(drained, { timeout: 30_000 }).toBe(true);
  const contacts = () => [...hs.state.contacts.values()].map((c) => c.properties);
  const profile = (url: string | undefined) => url?.replace(/\/$/, '');
  // Each person once: the two known ones updated (their profile added), the ten others created.
  expect(contacts().map((c) => profile(c.dossier_profile_url)).sort()).toEqual(people.map((p) => profile(p.networkUrl)).sort());
  for (const p of known) expect(contacts().find((c) => c.email === p.email)).toMatchObject({ firstname: p.firstName, lastname: p.lastName });

  // Again: everyone is found (by the record Dossier pushed), nothing to write.
  await crm.getByRole('button', { name: 'Push all matched to HubSpot' }).click();
  await expect(crm.getByTestId('bulk-crm-plan')).toHaveText('0 create, 0 update, 12 skip', { timeout: 20_000 });
  await expect(crm.getByRole('button', { name: 'Yes, push to HubSpot' })).toBeDisabled();
  // Pushed anyway: the outbox matches before it writes, and writes nothing new.
  const runId = decodeURIComponent(new URL(page.url()).hash.replace('#run=', ''));
  expect(await callBackground(helper, 'bulkCrmPush', { runId, target: 'hubspot' })).toMatchObject({ ok: true, value: { queued: 12 } });
  await expect.poll(drained, { timeout: 30_000 }).toBe(true);
  expect(hs.state.contacts.size).toBe(12);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await test.step('the contact book’s selection opens as a new run on the bulk page', async () => {
    const book = await openExtensionPage('contacts.html');
    // Found as a user would: the book's table draws only the rows in view (24 contacts here), so
    // each person is searched for, then selected; the selection outlives the search.
    for (const person of people.slice(0, 2)) {
      await book.getByRole('searchbox', { name: 'Search contacts' }).fill(person.fullName);
      await book.getByRole('checkbox', { name: `Select ${person.fullName}` }).check();
    }
    await expect(book.getByText('2 contacts selected')).toBeVisible();
    const opened = book.context().waitForEvent('page');
    await book.getByRole('button', { name: 'Enrich in bulk' }).click();
    const run = await opened;
    await run.waitForLoadState();
    expect(new URL(run.url()).pathname).toBe('/bulk.html');
    expect(new URL(run.url()).hash).toMatch(/^#run=/);
    await expect(run.getByText('Contact book · 2 rows · Not priced yet', { exact: true })).toBeVisible();
    // Both were enriched by this run: the ledger answers them, nothing to pay.
    await run.getByRole('checkbox', { name: 'Full enrichment (up to 2 credits a row)' }).check();
    await expect(run.getByRole('button', { name: 'Start: spend up to 0 credits' })).toBeVisible();
  });
});

test('the search list: “add all” on two result pages grows one list, each person once; it becomes a run', async ({ context, sandbox, worker }) => {
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await freshKey(sandbox) });
  await choosePanelMode(context, new URL(worker.url()).host, 'frame');
  await routeDemoPages(context, sandbox.origin);
  const page = await context.newPage();
  const people: string[] = [];

  async function addAllOn(keywords: string) {
    await page.goto(`https://www.linkedin.com/search/results/people/?keywords=${keywords}`);
    const results = (await panelFrame(page)).getByRole('region', { name: 'Search results' });
    const boxes = results.getByRole('checkbox', { name: /^Select / });
    await expect(boxes.first()).toBeVisible();
    const names = (await boxes.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))).map((label) => label.replace(/^Select /, ''));
    const before = new Set(people).size;
    people.push(...names);
    const after = new Set(people).size;
    await results.getByRole('button', { name: `Add all ${names.length} on this page to a bulk list` }).click();
    await expect(results.getByRole('status').filter({ hasText: `${after - before} added: the bulk list holds ${after} people.` })).toBeVisible();
    return results;
  }

  await addAllOn('Northwind');
  const results = await addAllOn('data');
  const total = new Set(people).size;
  // The two pages share someone: the list holds each person once.
  expect(total).toBeLessThan(people.length);

  const opened = context.waitForEvent('page');
  await results.getByRole('button', { name: 'Open bulk enrichment' }).click();
  const bulk = await opened;
  await bulk.waitForLoadState();
  expect(new URL(bulk.url()).pathname).toBe('/bulk.html');
  await expect(bulk.getByText(`${total} people in the list.`)).toBeVisible();
  await bulk.getByRole('button', { name: 'Use this list' }).click();
  await expect(bulk.getByRole('heading', { name: /^Search pages, /, level: 2 })).toBeVisible();
  await expect(bulk.getByText(`Search pages · ${total} rows · Not priced yet`, { exact: true })).toBeVisible();
  await expect(bulk.getByRole('combobox', { name: 'Dossier field for column “Profile URL”' })).toHaveValue('profileUrl');

  // The popup has its way to the page too.
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${new URL(worker.url()).host}/popup.html`);
  const fromPopup = context.waitForEvent('page');
  await popup.getByRole('button', { name: 'Bulk enrichment' }).click();
  expect(new URL((await fromPopup).url()).pathname).toBe('/bulk.html');
});

test('a file explains itself: garbage refused with its line, a headerless file asked about, a stray quote costs its line, no past run before Start, what was found beside each row', async ({ sandbox, worker, openExtensionPage }) => {
  test.setTimeout(90_000);
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await freshKey(sandbox) });
  const people = CROWD.slice(400, 405);
  // No header row, and a quote that opens before the second person's company and never closes.
  const lines = people.map((p, i) => (i === 1 ? `${p.fullName},"${p.company},${p.email}` : `${p.fullName},${p.company},${p.email}`));
  const headerless = `${lines.join('\n')}\n`;
  const page = await openExtensionPage('bulk.html');
  const runs = page.getByRole('region', { name: 'Runs' });
  await expect(runs.getByText('No runs yet.')).toBeVisible();
  const shoot = async (name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `test-results/bulk/${name}-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };

  await test.step('a file of garbage bytes is refused with the line where it stops being text', async () => {
    const garbage = Buffer.from(Array.from({ length: 2_000 }, (_, i) => (i * 7919 + 13) % 256));
    await page.getByLabel('or choose a CSV file').setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: Buffer.concat([Buffer.from('Name,Email\nMaya,maya@northwind.example\n'), garbage]) });
    await expect(page.getByRole('alert')).toHaveText(/^Line 3: this is not text Dossier can read/);
  });

  await test.step('the first row looks like data: the question, with the line the stray quote broke', async () => {
    await page.getByLabel('or choose a CSV file').setInputFiles({ name: 'walk-in.csv', mimeType: 'text/csv', buffer: Buffer.from(headerless) });
    await expect(page.getByText('1 line cannot be read and is left out:')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Line 2: a quote opens and never closes' })).toBeVisible();
    const question = page.getByRole('group', { name: 'The first row looks like data: use it as data?' });
    await expect(question).toContainText(people[0]!.email!);
    await shoot('first-row-question-en');
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Nothing is a run yet.
    await expect(runs.getByText('No runs yet.')).toBeVisible();
    await question.getByRole('button', { name: 'Use it as data' }).click();
  });

  await test.step('as data: the first person is a row, the columns named Column 1, 2, 3, the emails found by their values', async () => {
    await expect(page.getByRole('heading', { name: 'walk-in.csv', level: 2 })).toBeFocused();
    await expect(page.getByText('CSV file · 4 rows · Not priced yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Dossier field for column “Column 3”' })).toHaveValue('email');
    await expect(page.getByRole('combobox', { name: 'Dossier field for column “Column 1”' })).toHaveValue('');
  });

  await test.step('chosen and previewed, even after a reload, it is no past run; started, it is one', async () => {
    await page.getByRole('checkbox', { name: 'Full enrichment (up to 2 credits a row)' }).check();
    const start = page.getByRole('button', { name: 'Start: spend up to 8 credits' });
    await expect(start).toBeEnabled();
    await expect(runs.getByText('No runs yet.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'walk-in.csv', level: 2 })).toBeVisible();
    await expect(runs.getByText('No runs yet.')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Full enrichment (up to 2 credits a row)' }).check();
    await page.getByRole('checkbox', { name: /^Find mobile/ }).check();
    await page.getByRole('button', { name: /^Start: spend up to \d+ credits$/ }).click();
    await expect(page.getByText('CSV file · 4 rows · Done', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(runs.getByRole('button', { name: 'Open “walk-in.csv”' })).toBeVisible();
  });

  await test.step('each row says what was found: the email with its grade, and the phone', async () => {
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Found' }) });
    const found = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) }).getByRole('cell').nth(1);
    await expect(found('1')).toContainText(new RegExp(`Email: ${people[0]!.email!.replace(/[.+]/g, '\\$&')} \\(`));
    for (const [row, p] of [['2', people[2]!], ['3', people[3]!], ['4', people[4]!]] as const) await expect(found(row)).toContainText(`Email: ${p.email}`);
    await expect(table.getByText(/^Phone: \+33\d+/).first()).toBeVisible();
    await shoot('results-en');
  });

  await test.step('the same screens in German', async () => {
    const settings = await openExtensionPage('lookup-history.html');
    expect(await callBackground(settings, 'saveLanguage', { language: 'de' })).toMatchObject({ ok: true });
    await settings.close();
    await expect(page.getByRole('columnheader', { name: 'Gefunden' })).toBeVisible();
    await shoot('results-de');
    await page.getByRole('button', { name: 'Neuer Durchlauf' }).click();
    await page.getByLabel('oder eine CSV-Datei auswählen').setInputFiles({ name: 'walk-in.csv', mimeType: 'text/csv', buffer: Buffer.from(headerless) });
    await expect(page.getByRole('group', { name: 'Die erste Zeile sieht nach Daten aus: als Daten verwenden?' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Zeile 2: Ein Anführungszeichen wird geöffnet und nie geschlossen' })).toBeVisible();
    await shoot('first-row-question-de');
  });
});
