/**
 * The product tour `npm start` runs against the sandbox and a local HubSpot emulator: every
 * flow a new user meets, one step each. Each step waits for what a person would see (by role
 * and accessible name) and fails with a clear message when it does not come, so the tour is
 * also a check: test/e2e/tour.e2e.ts runs it on every `npm test`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Frame, Locator, Page, Worker } from 'playwright-core';
import { HUBSPOT_TOKEN } from '@/test/emulators/hubspot';
import { CONTACTS_PAGE_URL, routeDemoPages } from '@/scripts/demo-routes';
import { fr } from '@/lib/platform/i18n/fr';
import { panelSeen } from '@/scripts/demo/panel-seen';
import { callBackground, contextMenuClick } from '@/scripts/demo/automation';

export const DEMO_KEY = 'sandbox-demo-key';
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=Northwind';
const WAIT_MS = 15_000;

export interface TourSetup {
  context: BrowserContext;
  worker: Worker;
  sandboxUrl: string;
  hubspotOrigin: string;
  /** Where each step's screenshot goes; none when absent (a headed run). */
  screenshotDir?: string;
  /** Pause after each step in a headed run, so a person can follow. */
  pauseMs?: number;
  /** Also shoot each step in the dark theme, beside the light one (`NN-name-dark.png`). */
  darkToo?: boolean;
  log?: (line: string) => void;
}

export interface TourStep {
  file: string;
  title: string;
}

/** The steps in order, with the caption README.md shows under each screenshot. */
export const TOUR_STEPS: TourStep[] = [
  { file: '01-settings.png', title: 'Settings: the sandbox key tested and saved' },
  { file: '02-profile.png', title: 'A profile page: the panel prices each lookup and checks the CRM for free' },
  { file: '03-enriched.png', title: 'Enriched: the person and the company, 2 credits' },
  { file: '04-email-and-phone.png', title: 'Work email and mobile found: the phone row filled in place' },
  { file: '05-repeat-free.png', title: 'Back on the profile: the card from the contact book, nothing paid again' },
  { file: '06-crm-push.png', title: 'Pushed to HubSpot (the local emulator) after a reviewed plan' },
  { file: '07-enrich-selected.png', title: 'Search results: "enrich selected" with its total price' },
  { file: '08-reverse-phone.png', title: 'Right-click on a phone number: reverse lookup in the side panel' },
  { file: '09-popup.png', title: 'The popup: balance, quick lookup, recent lookups' },
  { file: '10-history.png', title: 'History: every lookup with its cost, export and run again' },
  { file: '11-french.png', title: 'En français: the same profile with Settings › Language on Français (dates, numbers and credits too)' },
];

async function visible(locator: Locator, what: string): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: WAIT_MS });
  } catch {
    throw new Error(`Tour: expected to see ${what}, but it did not appear within ${WAIT_MS / 1000} s.`);
  }
  return locator.first();
}

/** The panel's frame in a page (an extension page inside a closed shadow root), found by its URL. */
async function panelFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const frame = page.frames().find((f) => f.url().includes('/panel-frame.html'));
    if (frame) {
      await panelSeen(frame);
      return frame;
    }
    if (Date.now() > deadline) throw new Error(`Tour: expected to see the Dossier panel in the page, but it did not appear within ${WAIT_MS / 1000} s.`);
    await page.waitForTimeout(100);
  }
}

export async function runTour(setup: TourSetup): Promise<string[]> {
  const { context, worker, sandboxUrl, hubspotOrigin, screenshotDir, pauseMs = 0, darkToo = false, log = console.log } = setup;
  const extensionId = new URL(worker.url()).host;
  const extensionPage = async (path: string, viewport = { width: 1280, height: 860 }) => {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    await page.goto(`chrome-extension://${extensionId}/${path}`);
    return page;
  };
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
  const written: string[] = [];
  let index = 0;
  async function done(target: Page | Locator) {
    const step = TOUR_STEPS[index++]!;
    if (screenshotDir) {
      const path = join(screenshotDir, step.file);
      await target.screenshot({ path });
      written.push(path);
      if (darkToo) {
        // The same screen as a dark system shows it (the panel's frame follows its page).
        const page = 'page' in target && typeof target.page === 'function' ? target.page() : (target as Page);
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.waitForTimeout(150);
        const dark = join(screenshotDir, step.file.replace(/\.png$/, '-dark.png'));
        await target.screenshot({ path: dark });
        written.push(dark);
        await page.emulateMedia({ colorScheme: 'light' });
      }
    }
    log(`  ${index}. ${step.title}`);
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  }

  await routeDemoPages(context, new URL(sandboxUrl).origin);

  // 1. The key, as a new user enters it.
  const settings = await extensionPage('options.html');
  await settings.getByLabel('Service address').fill(sandboxUrl);
  await settings.getByLabel('API key', { exact: true }).fill(DEMO_KEY);
  await settings.getByRole('button', { name: 'Test connection' }).click();
  await visible(settings.getByRole('status').filter({ hasText: 'Connected.' }), 'the connection test succeed');
  await settings.getByRole('button', { name: 'Save' }).click();
  await visible(settings.getByRole('status').filter({ hasText: 'Saved.' }), 'the settings saved');
  // How Dossier shows on the network: the panel in the page (the first visit would ask).
  await settings.getByRole('button', { name: 'Panel in the page' }).click();
  // The CRM, connected as the settings do it (the emulator's address is not one a user types).
  const connected = await callBackground(settings, 'crmConnect', { connection: { kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hubspotOrigin } });
  if (!connected?.ok) throw new Error(`Tour: connecting the HubSpot emulator failed: ${JSON.stringify(connected)}`);
  await settings.reload();
  await settings.getByLabel('API key', { exact: true }).waitFor();
  await done(settings);
  await settings.close();

  // 2–5. A profile page.
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(MAYA);
  const inPanel = await panelFrame(page);
  const panel = () => inPanel.getByRole('complementary', { name: /Dossier/ });
  await visible(panel().getByText('Not in your CRM yet (HubSpot)'), 'the free CRM check');
  await done(page);

  const card = () => panel().getByRole('article', { name: 'Maya Chen' });
  await (await visible(card().getByRole('button', { name: 'Enrich person and company · up to 2 credits' }), 'the enrich button with its price')).click();
  await visible(card().getByText('Paid 2 credits.'), 'the enrichment result');
  await done(page);

  // The enrichment found the work email; the phone row has its own lookup, and fills in place.
  const phones = card().getByRole('group', { name: 'Phones', exact: true });
  await visible(card().getByRole('group', { name: 'Work email', exact: true }).getByRole('link', { name: /@/ }), 'the work email');
  await (await visible(phones.getByRole('button', { name: /^Find mobile · / }), 'the mobile search with its price')).click();
  await visible(phones.locator('a[href^="tel:"]'), 'the phone numbers in the card');
  await done(page);

  await page.reload();
  const again = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
  await visible(again.getByRole('group', { name: 'Phones', exact: true }).locator('a[href^="tel:"]'), 'the card read back from the contact book');
  await done(page);

  // 6. Push to the CRM, after reviewing the plan: the enrichment the contact book holds, not paid again.
  const crm = (await panelFrame(page)).getByRole('complementary', { name: /Dossier/ }).getByRole('region', { name: 'CRM' });
  await (await visible(crm.getByRole('button', { name: 'Review push to HubSpot' }), 'the push review')).click();
  await (await visible(crm.getByRole('button', { name: 'Create in HubSpot' }), 'the push plan')).click();
  await visible(crm.getByRole('status').filter({ hasText: 'HubSpot: created' }), 'the push delivered');
  await done(page);

  // 7. Search results.
  await page.goto(SEARCH);
  const results = await visible((await panelFrame(page)).getByRole('region', { name: 'Search results' }), 'the search results panel');
  await results.getByRole('checkbox', { name: 'Select Maya Chen' }).check();
  await results.getByRole('checkbox', { name: 'Select Priya Raman' }).check();
  await results.getByRole('button', { name: /^Enrich selected/ }).click();
  await visible(results.getByText('Paid 2 credits.'), 'the queue run');
  await done(page);

  // 8. Right-click reverse phone lookup on an ordinary page (all-sites detection turned on).
  const prefs = await extensionPage('lookup-history.html');
  await callBackground(prefs, 'savePreferences', { pageAccess: { scanAllSites: true, panelMode: 'frame' } });
  await prefs.close();
  await page.goto(CONTACTS_PAGE_URL);
  // Off the network the panel's frame is not allowed in the page: the side panel shows what
  // the page holds (the test opens it as a tab: automation cannot click the toolbar).
  const tabId = await worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id, CONTACTS_PAGE_URL);
  const side = await extensionPage(`sidepanel.html?tab=${tabId}`, { width: 420, height: 860 });
  await visible(side.getByRole('region', { name: 'Found on this page' }), 'the emails and phones found on the page');
  // Automation cannot open a native context menu: this runs the menu's own click handler
  // (exposed by the automation build only) with what Chrome passes it.
  await contextMenuClick(worker, CONTACTS_PAGE_URL, { menuItemId: 'dossier-reverse-phone', selectionText: '(510) 555-0112' });
  await visible(side.getByRole('complementary', { name: /Dossier/ }).getByText('Alex Morgan'), 'the reverse phone answer');
  await done(side);
  await side.close();

  // 9. The popup.
  const popup = await extensionPage('popup.html', { width: 400, height: 600 });
  await visible(popup.getByTestId('balance').filter({ hasText: 'credits' }), 'the balance in the popup');
  await visible(popup.getByRole('list', { name: 'Recent lookups' }), 'the recent lookups');
  await done(popup);
  await popup.close();

  // 10. History.
  const history = await extensionPage('lookup-history.html');
  await visible(history.getByRole('button', { name: /Export CSV/i }), 'the history export');
  await done(history);
  await history.close();

  // 11. In French: chosen in the settings, followed at once by the panel already open.
  const language = await extensionPage('options.html');
  await (await visible(language.getByRole('combobox', { name: 'Language' }), 'the language choice')).selectOption('fr');
  await visible(language.getByRole('heading', { name: fr['app.settingsTitle'] }), 'the settings in French');
  await language.close();
  await page.goto(MAYA);
  const enFrancais = (await panelFrame(page)).getByRole('article', { name: 'Maya Chen' });
  await visible(enFrancais.getByRole('group', { name: fr['card.row.phone'], exact: true }).locator('a[href^="tel:"]'), 'the card in French');
  await done(page);
  // Back to the browser's language, as the tour found it.
  const back = await extensionPage('options.html');
  await (await visible(back.getByRole('combobox', { name: fr['language.label'] }), 'the language choice in French')).selectOption('auto');
  await visible(back.getByRole('heading', { name: 'Dossier settings' }), 'the settings back in English');
  await back.close();
  return written;
}
