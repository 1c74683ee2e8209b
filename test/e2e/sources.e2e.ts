import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { routeDemoPages } from '@/scripts/demo-routes';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { callBackground, configureExtension, expect, panelFrame, test, writeVault } from '@/test/e2e/extension';
import { findClipped } from '@/test/support/layout';

/**
 * Where each value came from, in the in-page panel (360 px): after an enrichment, the work email's
 * menu says the grade, the lookup, its day and that it was paid, and links to the lookup in history,
 * which opens in a tab of its own (never in the panel's frame). The header's menu says where the
 * title and location came from. Nothing is cut with a menu open, in both themes, in English and
 * the long pseudo-locale. Screenshots go to DOSSIER_SHOTS (default test-results/sources/).
 */
const SHOTS = process.env.DOSSIER_SHOTS ?? join('test-results', 'sources');
const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const WORK_EMAIL = 'maya.chen@northwind-analytics.example';

test.beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

for (const language of ['en', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: the row's menu says where the email came from and opens its lookup in history in a new tab`, async ({ context, worker, sandbox, openExtensionPage }) => {
      const say = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      const like = (key: keyof typeof en) => new RegExp(`${say(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.*')}`);
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      await writeVault(worker, { language, language$: { v: 1 } });
      const helper = await openExtensionPage('lookup-history.html');
      expect(await callBackground(helper, 'choosePanelMode', { mode: 'frame' })).toMatchObject({ ok: true });
      await routeDemoPages(context, sandbox.origin);

      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(MAYA);
      const frame = await panelFrame(page);
      const card = frame.getByRole('article', { name: 'Maya Chen' });
      await card.getByRole('button', { name: like('panel.action.enrich') }).click();
      const email = card.getByRole('group', { name: say('card.row.workEmail') });
      await expect(email.getByRole('link', { name: WORK_EMAIL })).toBeVisible();

      await email.getByRole('button', { name: say('card.menu').replace('{row}', say('card.row.workEmail')) }).click();
      const sources = email.getByRole('list', { name: say('source.title') });
      const item = sources.getByRole('listitem').filter({ hasText: WORK_EMAIL });
      await expect(item).toContainText(say('source.grade.verified'));
      await expect(item).toContainText(say('ops.enrichPerson'));
      await expect(item).toContainText(say('source.paid'));
      const shot = `${language}-${scheme}`;
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-email-menu-${shot}.png`) });
      expect(await frame.locator('.panel').evaluate((el) => el.getBoundingClientRect().width)).toBe(360);
      expect(await frame.evaluate(findClipped), 'nothing cut with the menu open').toEqual([]);

      // The link opens the history page at this lookup, in a new tab; the panel stays as it was.
      const link = item.getByRole('link', { name: like('source.openEntryName') });
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await expect.poll(() => tab.url()).toMatch(/\/lookup-history\.html#.+/);
      const entryId = decodeURIComponent(new URL(tab.url()).hash.slice(1));
      const history = (await callBackground(helper, 'getHistory', {})) as { ok: boolean; value: { id: string; op: string }[] };
      expect(history.value.find((e) => e.id === entryId)?.op).toBe('enrichPerson');
      await tab.close();
      await expect(card).toBeVisible();

      // Escape closes the menu and gives the focus back to its button.
      await email.getByRole('button', { name: say('card.menu').replace('{row}', say('card.row.workEmail')) }).focus();
      await page.keyboard.press('Escape');
      await expect(sources).toBeHidden();

      // The header's menu: where the title and location came from, one line for the one answer.
      await card.getByRole('button', { name: say('card.menu').replace('{row}', 'Maya Chen') }).click();
      const header = card.getByRole('group', { name: say('card.menu').replace('{row}', 'Maya Chen') }).getByRole('list', { name: say('source.title') });
      await expect(header.getByRole('listitem').first()).toContainText(say('source.fact.title'));
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-header-menu-${shot}.png`) });
      expect(await frame.evaluate(findClipped), 'nothing cut with the header menu open').toEqual([]);
      await page.keyboard.press('Escape');

      // The company's facts: one line per answer that gave them, not one per fact.
      const company = card.getByRole('group', { name: say('card.row.company') });
      await company.getByRole('button', { name: say('card.menu').replace('{row}', say('card.row.company')) }).click();
      const facts = company.getByRole('list', { name: say('source.title') });
      await expect(facts.getByRole('listitem').first()).toContainText(say('card.company.industry'));
      // Near the panel's foot the menu runs past it: the frame scrolls to its last line.
      const last = facts.getByRole('link').last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
      await page.locator('dossier-panel').screenshot({ path: join(SHOTS, `panel-company-menu-${shot}.png`) });
      expect(await frame.evaluate(findClipped), 'nothing cut with the company menu open').toEqual([]);
    });
  }
}
