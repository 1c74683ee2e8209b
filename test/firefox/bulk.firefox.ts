import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { ElementHandle } from 'puppeteer-core';
import { buildCrowd } from '@/sandbox/tools/generate-directory';
import { E2E_CROWD } from '@/test/support/test-sandbox';
import { byLabel, byRole, click, expect, test } from '@/test/firefox/firefox';

/**
 * A bulk run in Firefox, its page closed once started, with the event page's idle limit at 8 s
 * (30 s by default): the run goes on in the background to its end, each person paid once.
 */
test.use({ firefoxPrefs: { 'extensions.background.idle.timeout': 8_000 } });

const PEOPLE = 120;

test('a CSV run through the file picker, priced, started, its page closed: it finishes in the background, each person charged once', async ({ dossier, sandbox, freshKey }) => {
  test.setTimeout(90_000);
  const apiId = await freshKey(10_000);
  await dossier.connect(apiId);
  const people = buildCrowd(E2E_CROWD).people.slice(0, PEOPLE);
  const dir = mkdtempSync(join(tmpdir(), 'dossier-bulk-'));
  const file = join(dir, 'attendees.csv');
  writeFileSync(file, Papa.unparse([['Email', 'Notes'], ...people.map((p, i) => [p.email!, `row ${i}`])]));

  const page = await dossier.open('bulk.html');
  await ((await byLabel(page, 'or choose a CSV file')) as ElementHandle<HTMLInputElement>).uploadFile(file);
  await byRole(page, 'heading', 'attendees.csv');
  await click(page, 'checkbox', 'Full enrichment (up to 2 credits a row)');
  await page.bringToFront();
  await click(page, 'button', `Start: spend up to ${PEOPLE * 2} credits`);
  const bar = await byRole(page, 'progressbar', 'Run progress');
  await expect.poll(async () => Number(await bar.evaluate((el) => el.getAttribute('aria-valuenow'))), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.close();

  await expect.poll(async () => (await sandbox.ledger(apiId)).charges.length, { timeout: 60_000 }).toBe(PEOPLE);
  const again = await dossier.open('bulk.html');
  await expect.poll(() => again.evaluate(() => document.body.textContent ?? ''), { timeout: 15_000 }).toContain(`CSV file · ${PEOPLE} rows · Done`);
  const charges = (await sandbox.ledger(apiId)).charges;
  expect(charges.every((c) => c.creditBurn === 2)).toBe(true);
  rmSync(dir, { recursive: true, force: true });
});
