import type { Page } from 'puppeteer-core';
import { DEFAULT_SANDBOX_URL } from '@/lib/settings/gateway';
import { startTestSandbox } from '@/test/support/test-sandbox';
import { byLabel, byRole, click, ENRICH_MAYA, expect, expectText, fill, FIREFOX_STORE_PACKAGE, panelFrame, test, type Dossier, type Scope } from '@/test/firefox/firefox';

/**
 * A new user's first minutes with the release package (the Firefox store zip: Firefox grants the
 * sandbox host's prompt by preference, which Chromium's automation cannot). The sandbox listens
 * where a new user's Dossier looks for it, DEFAULT_SANDBOX_URL (port 8787, which must be free):
 * nothing is set beforehand, every step is the user's own.
 */
test.use({ addon: FIREFOX_STORE_PACKAGE });

const MAYA = 'https://www.linkedin.com/in/maya-chen/';

/** The welcome page the install opened, found by the address its document reports. */
async function welcomePage(firefox: import('puppeteer-core').Browser, dossier: Dossier): Promise<Page> {
  const target = `${dossier.origin}/welcome.html`;
  let found: Page | undefined;
  await expect
    .poll(
      async () => {
        for (const page of await firefox.pages()) {
          if ((await page.evaluate(() => location.href).catch(() => '')) === target) return (found = page);
        }
        return null;
      },
      { message: 'the welcome page to open at install', timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

test('install opens the welcome page; a refused key is not saved; a good key, the panel choice, a profile and one click give a verified email', async ({ firefox, dossier }) => {
  const { sandbox, stop } = await startTestSandbox(Number(new URL(DEFAULT_SANDBOX_URL).port));
  try {
    let clicks = 0;
    const userClick = async (scope: Scope, role: string, name: string) => {
      clicks += 1;
      await click(scope, role, name);
    };
    const welcome = await welcomePage(firefox, dossier);
    await welcome.bringToFront();
    await byRole(welcome, 'heading', 'Welcome to Dossier');

    // A wrong key: refused by the service, not saved, and the reason under the field.
    await fill(welcome, 'API key', 'not-my-key');
    await click(welcome, 'button', 'Check and save');
    await expectText(welcome, 'alert', '', 'This key was not accepted, so it was not saved.');
    const keyField = await byLabel(welcome, 'API key');
    expect(await keyField.evaluate((input) => input.getAttribute('aria-invalid'))).toBe('true');
    expect(await keyField.evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent)).toMatch(/not saved/);
    expect(await dossier.call('getStatus')).toMatchObject({ ok: true, value: { hasKey: false } });

    // From here, the happy path a user takes: one paste, then clicks.
    const apiId = await sandbox.newKey(1000);
    await fill(welcome, 'API key', apiId);
    await userClick(welcome, 'button', 'Check and save');
    await expectText(welcome, 'status', '', 'Connected. Balance: 1,000 credits.');
    await userClick(welcome, 'button', 'Panel in the page');
    await expect.poll(async () => (await dossier.call('getPreferences')).ok && (await dossier.call('getPreferences'))).toMatchObject({ value: { pageAccess: { panelMode: 'frame' } } });
    await byRole(welcome, 'link', 'Open LinkedIn');

    // The first profile (a click on LinkedIn, counted as one) shows the card in the page, and in
    // the sidebar the install opened, where Firefox users pay (the in-page panel spends nothing
    // in Firefox: it cannot tell whether the page covers it). Enrich there gives the email.
    clicks += 1;
    const profile = await dossier.openSite(MAYA);
    const frame = await panelFrame(profile);
    await byRole(frame, 'article', 'Maya Chen');
    await expect.poll(() => dossier.sidebar((doc) => doc.body.textContent), { message: 'the sidebar to show Maya' }).toContain('Maya Chen');
    // The sidebar's page for this tab, in a tab of its own: the sidebar itself takes no automated click.
    const side = await dossier.sidebarFor(MAYA);
    await userClick(await byRole(side, 'article', 'Maya Chen'), 'button', ENRICH_MAYA);
    await expectText(side, 'article', 'Maya Chen', 'Paid 2 credits.');
    await profile.bringToFront();
    const email = await byRole(await byRole(frame, 'group', 'Work email'), 'link', 'maya.chen@northwind-analytics.example');
    expect(await email.evaluate((link) => link.closest('li')?.textContent)).toContain('verified');
    expect(clicks).toBeLessThanOrEqual(5);
    expect((await sandbox.ledger(apiId)).charges.map((c) => c.creditBurn)).toEqual([2]);
  } finally {
    await stop();
  }
});
