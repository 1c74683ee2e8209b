/**
 * The contact book at 0, 10,000 and 100,000 contacts, in the real Chromium with the automation
 * build, each figure also as a ratio against floors measured in the same run on a blank page of
 * the same extension (entrypoints/blank):
 *  - first rows: navigation start to the book's first rows in the DOM (`dossier:book-rows`),
 *    against the blank page loaded (its load event done); target ≤ 200 ms at 100,000;
 *  - a search keystroke: the key's event time to the rows for the new text (`dossier:book-rows`
 *    with that text), against a keystroke to the next frame on the blank page; target: median
 *    and p95 ≤ 50 ms (the slowest is shown: on a loaded machine one key may wait for the CPU);
 *  - export of 100,000 contacts to CSV: its duration, and the longest task and frame while it
 *    runs (PerformanceObserver 'longtask', requestAnimationFrame gaps); target no task over 100 ms.
 * Contacts are written straight into the vault's contacts store from an extension page, in
 * batched puts, shaped as the worker's merge leaves them (search words from lib/contacts/words.ts).
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { Contact, PersonContact, CompanyContact, Source } from '@/lib/contacts/model';
import { searchWords } from '@/lib/contacts/words';
import { CHROMIUM_FLAGS, findBrowser } from '@/scripts/browser';
import type { BenchResult } from '@/scripts/bench/shared';
import { ms, table, verdict } from '@/scripts/bench/table';

export const name = 'contact book: first rows, search keystroke, export, at 0 / 10,000 / 100,000 contacts';

const EXTENSION_DIR = resolve(process.env.DOSSIER_EXTENSION_DIR ?? '.output-e2e/chrome-mv3');
/** `BENCH_SIZES=100000` measures one size only (seeding 100,000 takes minutes on a loaded machine). */
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [0, 10_000, 100_000];
/** The book opens on its people's tab: one contact in ten is a company (benchContact). */
const peopleIn = (size: number) => size - Math.floor(size / 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const WARM_UPS = 2;
const TARGET = { firstRowsMs: 200, firstRowsRatio: 2, keystrokeMs: 50, longTaskMs: 100 };
const SEED_BATCH = 2_500;
/** Typed one key at a time into the search box, then erased; each key is one measure. */
const TYPED = 'maria';
const KEYS = [...TYPED, ...Array.from(TYPED, () => 'Backspace')];
const KEY_RUNS = 5;
/** `BENCH_FIRST_ONLY=1` times the first rows alone (no keystrokes, no export): the quick loop for the book's opening. */
const FIRST_ONLY = process.env.BENCH_FIRST_ONLY === '1';
/**
 * Left idle after seeding, as a profile that gathered its contacts over months is: the database
 * compacts what was just written in bulk (a few seconds, which the first rows would otherwise pay).
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);

// ---- the contacts --------------------------------------------------------------------------

const FIRST = ['Maria', 'Mark', 'Marta', 'Mateo', 'Maya', 'Alex', 'Priya', 'Chen', 'Olivia', 'Noah', 'Liam', 'Emma', 'Sofia', 'Lucas', 'Aisha', 'Yuki', 'Omar', 'Ines', 'Hugo', 'Lea', 'Karim', 'Julia', 'Tom', 'Nina', 'Paul'];
const LAST = ['Chen', 'Garcia', 'Martin', 'Müller', 'Rossi', 'Dubois', 'Smith', 'Okafor', 'Tanaka', 'Novak', 'Silva', 'Kowalski', 'Jensen', 'Haddad', 'Moreau', 'Larsen', 'Singh', 'Costa', 'Weber', 'Lopez'];
const COMPANIES = ['Northwind Analytics', 'Contoso', 'Fabrikam', 'Tailspin Toys', 'Kestrel & Finch', 'Tidewater Clinical', 'Blue Yonder Air', 'Litware', 'Proseware', 'Adventure Works', 'Wide World Importers', 'Margie Travel'];
const TITLES = ['VP of Engineering', 'Head of Data', 'Account Executive', 'CFO', 'Product Manager', 'Recruiter', 'Sales Director', 'CTO'];

const source = (at: number): Source => ({ op: 'enrichPerson', historyId: `bench-${at}`, at, paid: true });
const fact = (value: string, at: number) => ({ value, source: source(at), alternates: [] });
const domainOf = (company: string) => `${company.toLowerCase().replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}.example`;

/** The i-th contact: one in ten a company, the rest people; distinct update times, newest first at i = 0. */
export function benchContact(i: number, now: number): Contact {
  const at = now - i * 1_000;
  const company = COMPANIES[i % COMPANIES.length]!;
  let contact: Contact;
  if (i % 10 === 9) {
    const id = `domain:${i}.${domainOf(company)}`;
    const c: CompanyContact = {
      kind: 'company', id, keys: [id], words: [], tags: [], firstSeenAt: at, updatedAt: at,
      name: fact(`${company} ${i}`, at), domain: fact(`${i}.${domainOf(company)}`, at), website: fact(`https://${i}.${domainOf(company)}/`, at),
      industry: fact('Software', at),
    };
    contact = c;
  } else {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const slug = `${first}-${last}-${i}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
    const grade = i % 3 === 0 ? 'verified' : i % 3 === 1 ? 'most_probable' : 'catch_all';
    const p: PersonContact = {
      kind: 'person', id: `person:${slug}`, keys: [`person:${slug}`], words: [], tags: i % 50 === 0 ? ['Paris event'] : [], firstSeenAt: at, updatedAt: at,
      name: fact(`${first} ${last}`, at), companyName: fact(company, at), title: fact(TITLES[i % TITLES.length]!, at),
      location: fact('Paris, France', at), networkUrl: fact(`https://www.linkedin.com/in/${slug}/`, at),
      urls: [],
      workEmails: [{ address: `${slug}@${domainOf(company)}`, kind: 'work', grade, foundAt: at, source: source(at) }],
      personalEmails: [],
      phones: i % 4 === 0 ? [{ e164: `+336${String(10_000_000 + i).slice(-8)}`, international: `+33 6 ${String(10_000_000 + i).slice(-8)}`, kind: 'mobile', foundAt: at, source: source(at) }] : [],
      ...(i % 5 === 0 ? { crm: { crm: 'hubspot', found: i % 10 === 0, checkedAt: at } } : {}),
    };
    contact = p;
  }
  return { ...contact, words: searchWords(contact) };
}

// ---- the browser ---------------------------------------------------------------------------

async function launch(executablePath: string) {
  const profile = mkdtempSync(join(tmpdir(), 'dossier-book-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    acceptDownloads: true,
    args: [...CHROMIUM_FLAGS, `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const base = `chrome-extension://${new URL(worker.url()).host}`;
  const seeder = await context.newPage();
  await seeder.goto(`${base}/blank.html`);
  return { context, base, seeder, profile };
}

/** Puts contacts into the vault's contacts store, once the worker has brought the vault to its version. */
async function seed(page: Page, contacts: Contact[]): Promise<void> {
  await page.evaluate(async (records) => {
    for (let attempt = 0; ; attempt++) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('dossier-vault');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      if (!db.objectStoreNames.contains('contacts')) {
        db.close();
        if (attempt > 50) throw new Error('The vault has no contacts store.');
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      await new Promise<void>((resolve, reject) => {
        // As any tool that writes the store: the book's stored counts (lib/contacts/counts.ts) are
        // dropped with the write, and counted again once, by the first page that needs them.
        const tx = db.transaction(['contacts', 'meta'], 'readwrite');
        const store = tx.objectStore('contacts');
        for (const record of records) store.put(record);
        tx.objectStore('meta').delete('contactCounts');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      return;
    }
  }, contacts);
}

async function marks(page: Page, name: string): Promise<{ startTime: number; detail: unknown }[]> {
  return page.evaluate((name) => performance.getEntriesByName(name).map((m) => ({ startTime: m.startTime, detail: (m as PerformanceMark).detail })), name);
}

/** The blank page (no script at all): navigation start to its load event done. */
async function blankFloor(context: BrowserContext, base: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/blank.html`);
    await page.waitForFunction(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd);
    return page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  } finally {
    await page.close();
  }
}

/** The book: navigation start to its first rows (or its empty state) in the DOM. */
async function firstRows(context: BrowserContext, base: string): Promise<{ ms: number; page: Page; steps: Steps }> {
  const page = await context.newPage();
  await page.goto(`${base}/contacts.html`);
  await page.waitForFunction(() => performance.getEntriesByName('dossier:book-rows').length > 0, undefined, { timeout: 30_000 });
  const ms = (await marks(page, 'dossier:book-rows'))[0]!.startTime;
  const steps = await page.evaluate(() => ({
    scripts: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
    vault: performance.getEntriesByName('dossier:vault-ready')[0]?.startTime ?? NaN,
  }));
  return { ms, page, steps };
}

/** Where a first-rows run's time went: its scripts run (DOMContentLoaded), the vault open and ready in the page. */
interface Steps {
  scripts: number;
  vault: number;
}

/** Records every keydown's event time, so that a key's latency is measured from the key itself. */
async function listenToKeys(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __keys: number[] };
    w.__keys = [];
    document.addEventListener('keydown', (event) => w.__keys.push(event.timeStamp), true);
  });
}

/** Each key typed into the book's search box (a name, then erased): its event time to the rows for the text it made. */
async function keystrokes(page: Page): Promise<number[]> {
  const box = page.getByRole('searchbox', { name: 'Search contacts' });
  await box.focus();
  await listenToKeys(page);
  const out: number[] = [];
  const count = (text: string) =>
    page.evaluate((text) => performance.getEntriesByName('dossier:book-rows').filter((m) => (m as PerformanceMark).detail?.text === text).length, text);
  for (const key of KEYS) {
    const text = key === 'Backspace' ? (await box.inputValue()).slice(0, -1) : (await box.inputValue()) + key;
    const before = await count(text);
    await page.keyboard.press(key);
    await page.waitForFunction(
      ([text, before]) => performance.getEntriesByName('dossier:book-rows').filter((m) => (m as PerformanceMark).detail?.text === text).length > before,
      [text, before] as const,
    );
    const [keyAt, markAt] = await page.evaluate((text) => {
      const keys = (window as unknown as { __keys: number[] }).__keys;
      const found = performance.getEntriesByName('dossier:book-rows').filter((m) => (m as PerformanceMark).detail?.text === text);
      return [keys[keys.length - 1]!, found[found.length - 1]!.startTime];
    }, text);
    out.push(markAt - keyAt);
  }
  return out;
}

/** The floor of a keystroke: on the blank page, the key's event time to the next frame. */
async function keystrokeFloor(context: BrowserContext, base: string): Promise<number[]> {
  const page = await context.newPage();
  try {
    await page.goto(`${base}/blank.html`);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[] };
      w.__frames = [];
      document.addEventListener('keydown', (event) => requestAnimationFrame(() => w.__frames.push(performance.now() - event.timeStamp)), true);
    });
    const out: number[] = [];
    for (const key of KEYS) {
      await page.keyboard.press(key);
      await page.waitForFunction((n) => (window as unknown as { __frames: number[] }).__frames.length >= n, out.length + 1);
      out.push(await page.evaluate(() => (window as unknown as { __frames: number[] }).__frames.at(-1)!));
    }
    return out;
  } finally {
    await page.close();
  }
}

interface ExportRun {
  selectMs: number;
  selectLongestTaskMs: number;
  exportMs: number;
  longTasks: number[];
  longestFrameMs: number;
  bytes: number;
  count: number;
}

/** The companies' tab: the click to its first rows on screen (`dossier:book-rows` for that kind). */
async function companiesTab(page: Page): Promise<number> {
  const before = (await marks(page, 'dossier:book-rows')).length;
  const start = await page.evaluate(() => performance.now());
  await page.getByRole('tab', { name: /^Companies/ }).click();
  await page.waitForFunction((before) => performance.getEntriesByName('dossier:book-rows').length > before, before, { timeout: 30_000 });
  const shown = await marks(page, 'dossier:book-rows');
  return shown[shown.length - 1]!.startTime - start;
}

/** Select all matching, then Export CSV: the people's whole tab, with the page's long tasks and frame gaps watched. */
async function exportAll(page: Page, expected: number): Promise<ExportRun> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: { start: number; duration: number }[] };
    w.__tasks = [];
    new PerformanceObserver((list) => w.__tasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask' });
  });
  const selectStart = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Select all matching' }).click();
  await page.getByText(`${expected.toLocaleString('en')} contacts selected`).waitFor({ timeout: 60_000 });
  const selectMs = (await page.evaluate(() => performance.now())) - selectStart;

  // As a string: the bundler's helper for named functions does not exist in the page.
  const start = (await page.evaluate(`(() => {
    window.__gaps = [];
    window.__stop = false;
    let last = performance.now();
    function frame(now) {
      window.__gaps.push(now - last);
      last = now;
      if (!window.__stop) requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
    return performance.now();
  })()`)) as number;
  const downloading = page.waitForEvent('download', { timeout: 300_000 });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  await page.waitForFunction(() => performance.getEntriesByName('dossier:book-exported').length > 0, undefined, { timeout: 300_000 });
  const result = await page.evaluate((start) => {
    const w = window as unknown as { __gaps: number[]; __stop: boolean; __tasks: { start: number; duration: number }[] };
    w.__stop = true;
    const done = performance.getEntriesByName('dossier:book-exported')[0] as PerformanceMark;
    return {
      exportMs: done.startTime - start,
      count: (done.detail as { count: number }).count,
      tasks: w.__tasks,
      longestFrameMs: Math.max(0, ...w.__gaps),
      start,
    };
  }, start);
  const path = await file.path();
  return {
    selectMs,
    selectLongestTaskMs: Math.max(0, ...result.tasks.filter((t) => t.start < result.start).map((t) => t.duration)),
    exportMs: result.exportMs,
    longTasks: result.tasks.filter((t) => t.start >= result.start).map((t) => t.duration),
    longestFrameMs: result.longestFrameMs,
    bytes: path ? statSync(path).size : 0,
    count: result.count,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ratio = (value: number, floor: number) => `${(value / floor).toFixed(2)}×`;

export async function run(): Promise<BenchResult> {
  if (!existsSync(join(EXTENSION_DIR, 'blank.html')) || !existsSync(join(EXTENSION_DIR, 'contacts.html'))) execSync('npm run build:e2e', { stdio: 'inherit' });
  const executablePath = findBrowser();
  if (!executablePath) return { name, pass: false, lines: ['No Chromium-family browser found: run `tsx scripts/browser.ts` or set CHROME_PATH.'] };
  const browser = await launch(executablePath);
  const rows: string[][] = [];
  let pass = true;
  const now = Date.now();
  let seeded = 0;
  let exportRun: ExportRun | null = null;
  try {
    for (const size of SIZES) {
      // Grow the same book: the contacts of the smaller size stay, the newest first.
      const seedStart = Date.now();
      for (let from = seeded; from < size; from += SEED_BATCH) {
        const batch = Array.from({ length: Math.min(SEED_BATCH, size - from) }, (_, k) => benchContact(from + k, now));
        await seed(browser.seeder, batch);
      }
      const seedSeconds = (Date.now() - seedStart) / 1000;
      if (size) console.error(`contacts bench: ${size.toLocaleString('en')} contacts seeded in ${seedSeconds.toFixed(1)} s`);
      seeded = size;
      if (size) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

      // Warm-ups pay for the disk cache and the JIT; then the blank page and the book take turns,
      // so a change in the machine's load weighs on both alike.
      for (let i = 0; i < WARM_UPS; i++) {
        await blankFloor(browser.context, browser.base);
        await (await firstRows(browser.context, browser.base)).page.close();
      }
      const floors: number[] = [];
      const firsts: number[] = [];
      const steps: Steps[] = [];
      const keys: number[] = [];
      const keyFloors: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        floors.push(await blankFloor(browser.context, browser.base));
        const book = await firstRows(browser.context, browser.base);
        firsts.push(book.ms);
        steps.push(book.steps);
        // Keystrokes on the first runs only: each types a name and erases it.
        if (i < KEY_RUNS && !FIRST_ONLY) {
          keyFloors.push(...(await keystrokeFloor(browser.context, browser.base)));
          keys.push(...(await keystrokes(book.page)));
        }
        await book.page.close();
      }
      const floor = median(floors);
      const keyFloor = keyFloors.length ? median(keyFloors) : NaN;
      const first = median(firsts);
      const key = keys.length ? median(keys) : NaN;
      const keyP95 = keys.length ? percentile(keys, 95) : NaN;
      const keyMax = keys.length ? Math.max(...keys) : NaN;
      const at100k = size === 100_000;
      const firstOk = first / floor <= TARGET.firstRowsRatio && (!at100k || first <= TARGET.firstRowsMs);
      const keyOk = !at100k || FIRST_ONLY || (key <= TARGET.keystrokeMs && keyP95 <= TARGET.keystrokeMs);
      pass &&= firstOk && keyOk;
      const label = `${size.toLocaleString('en')} contacts`;
      const sizeRows = rows.length;
      rows.push(
        [label, `floor: blank page loaded${size ? ` (seeded in ${seedSeconds.toFixed(1)} s)` : ''}`, ms(floor), '1.00×', '', ''],
        ['', 'contact book, first rows in the DOM, median', ms(first), ratio(first, floor), `≤ ${TARGET.firstRowsRatio}×${at100k ? `, ≤ ${TARGET.firstRowsMs} ms` : ''}`, verdict(firstOk)],
        ['', '  of which: its scripts run (DOMContentLoaded)', ms(median(steps.map((x) => x.scripts))), ratio(median(steps.map((x) => x.scripts)), floor), 'info', ''],
        ['', '  of which: the vault open and ready in the page', ms(median(steps.map((x) => x.vault))), ratio(median(steps.map((x) => x.vault)), floor), 'info', ''],
        ['', 'contact book, first rows in the DOM, p95', ms(percentile(firsts, 95)), ratio(percentile(firsts, 95), floor), 'info', ''],
      );
      if (!FIRST_ONLY) rows.push(
        ['', `floor: a key to the next frame, blank page (${keyFloors.length} keys)`, ms(keyFloor), '1.00×', '', ''],
        ['', `search keystroke to updated rows, median (${keys.length} keys: "${TYPED}" typed, then erased)`, ms(key), ratio(key, keyFloor), at100k ? `≤ ${TARGET.keystrokeMs} ms` : 'info', ''],
        ['', 'search keystroke to updated rows, p95', ms(keyP95), ratio(keyP95, keyFloor), at100k ? `≤ ${TARGET.keystrokeMs} ms` : 'info', at100k ? verdict(keyOk) : ''],
        ['', 'search keystroke to updated rows, slowest', ms(keyMax), ratio(keyMax, keyFloor), 'info', ''],
      );
      // Each size's rows as soon as measured: a run stopped during the next seeding keeps them.
      console.error(`contacts bench: ${label} measured (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})\n${table(['book', 'measure', 'ms', 'ratio', 'target', 'result'], rows.slice(sizeRows)).join('\n')}`);
      if (at100k && !FIRST_ONLY) {
        const book = await firstRows(browser.context, browser.base);
        exportRun = await exportAll(book.page, peopleIn(size));
        const companiesMs = await companiesTab(book.page);
        await book.page.close();
        const longest = Math.max(0, ...exportRun.longTasks);
        const exportOk = longest <= TARGET.longTaskMs && exportRun.count === peopleIn(size);
        rows.push(['', `companies' tab: the click to its first rows (${(size - peopleIn(size)).toLocaleString('en')} companies)`, ms(companiesMs), ratio(companiesMs, floor), 'info', '']);
        pass &&= exportOk;
        rows.push(
          ['', `select all matching on the people's tab (${peopleIn(size).toLocaleString('en')} ids), longest task ${ms(exportRun.selectLongestTaskMs)} ms`, ms(exportRun.selectMs), ratio(exportRun.selectMs, floor), 'info', ''],
          ['', `export CSV of ${exportRun.count.toLocaleString('en')} contacts (${(exportRun.bytes / 1024 / 1024).toFixed(1)} MB)`, ms(exportRun.exportMs), ratio(exportRun.exportMs, floor), 'info', ''],
          ['', `  long tasks during the export: ${exportRun.longTasks.length}, longest`, ms(longest), ratio(longest, floor), `none > ${TARGET.longTaskMs} ms`, verdict(exportOk)],
          ['', '  longest frame (requestAnimationFrame gap)', ms(exportRun.longestFrameMs), ratio(exportRun.longestFrameMs, floor), 'info', ''],
        );
      }
    }
  } finally {
    await browser.context.close();
    rmSync(browser.profile, { recursive: true, force: true });
  }
  const lines = [
    `machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; headless ${executablePath}; medians of ${RUNS} runs after ${WARM_UPS} warm-ups`,
    ...table(['book', 'measure', 'ms', 'ratio', 'target', 'result'], rows),
    `${verdict(pass)}: first rows (median) ≤ ${TARGET.firstRowsRatio}× the blank page at every size and ≤ ${TARGET.firstRowsMs} ms at 100,000 contacts, a search keystroke (median and p95) ≤ ${TARGET.keystrokeMs} ms, no task over ${TARGET.longTaskMs} ms while exporting`,
  ];
  return { name, pass, lines };
}

export default run;
