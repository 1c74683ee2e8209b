import type { Locator, Page } from '@playwright/test';
import { join } from 'node:path';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { startZohoEmulator, ZOHO_CLIENT_ID, ZOHO_CLIENT_SECRET } from '@/test/emulators/zoho';
import { callBackground, configureExtension, expect, test } from '@/test/e2e/extension';

/**
 * Settings › CRM where the CRM restricts what Dossier may do: Zoho CRM whose Leads layout makes
 * Company and Lead Status mandatory (the mapping screen asks a value for them), and a Pipedrive
 * user who may not add fields (the card says what is lost). Light and dark, in English and in
 * the pseudo-locale; screenshots go to test-results/crm-mapping/.
 */
const SHOTS = 'test-results/crm-mapping';

let zoho: Awaited<ReturnType<typeof startZohoEmulator>>;
let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;

test.beforeAll(async () => {
  [zoho, pd] = await Promise.all([startZohoEmulator(), startPipedriveEmulator()]);
});
test.afterAll(async () => {
  await zoho.server.close();
  await pd.server.close();
});

/** The card's controls, none cut off or overlapping the next one. */
async function overlaps(card: Locator): Promise<string[]> {
  return card.evaluate((root) => {
    // Each line of a wrapped label is its own box: the whole element's box would take in the checkbox beside it.
    const boxes = [...root.querySelectorAll<HTMLElement>('input, select, button, label, legend, p, .muted')]
      .filter((el) => el.checkVisibility())
      .flatMap((el) => [...el.getClientRects()].map((box) => ({ el, box })));
    const problems: string[] = [];
    for (const { el } of boxes) if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'hidden') problems.push(`${el.tagName} cut off: ${el.textContent}`);
    for (let i = 0; i < boxes.length; i += 1)
      for (let j = i + 1; j < boxes.length; j += 1) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const overlap = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left) > 1 && Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top) > 1;
        if (overlap) problems.push(`${a.el.tagName} “${a.el.textContent?.slice(0, 30)}” over ${b.el.tagName} “${b.el.textContent?.slice(0, 30)}”`);
      }
    return [...new Set(problems)];
  });
}

async function shoot(page: Page, card: Locator, name: string, language: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await card.scrollIntoViewIfNeeded();
    expect(await overlaps(card), `${name}, ${scheme}, ${language}`).toEqual([]);
    await card.screenshot({ path: join(SHOTS, `${name}-${scheme}-${language}.png`) });
  }
}

test('Zoho with a mandatory Company and Lead Status: the field mapping asks a value for each, labelled, saved with the mapping; Pipedrive without field rights says what is lost', async ({ worker, sandbox, openExtensionPage }) => {
  zoho.state.reset();
  zoho.state.makeMandatory('Leads', 'Company');
  zoho.state.makeMandatory('Leads', 'Lead_Status');
  pd.state.reset();
  pd.state.fieldRights = false;
  await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(100) });
  const settings = await openExtensionPage('options.html');
  await settings.setViewportSize({ width: 1280, height: 900 });

  // Pipedrive: the connect message says it at once.
  const pipedrive = settings.getByRole('group', { name: 'Pipedrive' });
  await pipedrive.getByLabel('Pipedrive API token').fill(PIPEDRIVE_TOKEN);
  await pipedrive.getByLabel('Pipedrive company domain').fill(PIPEDRIVE_DOMAIN);
  await pipedrive.getByText('Advanced').click();
  await pipedrive.getByLabel(/API address/).fill(pd.origin);
  await pipedrive.getByRole('button', { name: 'Connect Pipedrive' }).click();
  await expect(pipedrive.getByRole('status')).toContainText('Your Pipedrive user may not add fields: profile links go into the note');

  // Zoho: its login runs in a tab on the emulator's authorize page.
  const card = settings.getByRole('group', { name: 'Zoho CRM' });
  await card.getByLabel('Client ID').fill(ZOHO_CLIENT_ID);
  await card.getByLabel('Client secret (only if Zoho asks for it)').fill(ZOHO_CLIENT_SECRET);
  await card.getByText('Advanced').click();
  await card.getByLabel(/API address/).fill(zoho.origin);
  await card.getByRole('button', { name: 'Connect with Zoho' }).click();
  await expect(card.getByRole('status')).toContainText('Connected to Zoho CRM');

  await card.getByText('Choose where Dossier’s fields go in Zoho CRM').click();
  const required = card.getByRole('group', { name: 'Fields Zoho CRM needs on every new record' });
  const company = required.getByRole('textbox', { name: 'Company when Dossier has no value' });
  await expect(company).toHaveAccessibleDescription('Dossier fills it with the contact’s Company when it has one, else with what you type here.');
  const status = required.getByRole('textbox', { name: 'Lead Status when Dossier has no value' });
  await expect(status).toHaveAccessibleDescription(/Dossier has nothing for it/);
  // By keyboard: typed, then Enter saves.
  await company.focus();
  await settings.keyboard.type('Independent');
  await settings.keyboard.press('Tab');
  await expect(status).toBeFocused();
  await settings.keyboard.type('Not Contacted');
  await settings.keyboard.press('Enter');
  await expect(card.getByText('Saved: the next pushes to Zoho CRM use this mapping.')).toBeVisible();
  const stored = (await callBackground(settings, 'crmSchema', { target: 'zoho' })) as { ok: boolean; value: { fieldDefaults: Record<string, string> } };
  expect(stored.value.fieldDefaults).toEqual({ Company: 'Independent', Lead_Status: 'Not Contacted' });

  // Tall enough for the whole card: the settings body scrolls, and a screenshot stops at its edge.
  await settings.setViewportSize({ width: 1280, height: 2400 });
  await settings.reload();
  const reloaded = async () => {
    const zohoCard = settings.locator('fieldset.crm-connection').nth(3);
    await zohoCard.locator('details > summary').first().click();
    await expect(zohoCard.locator('fieldset fieldset input').first()).toHaveValue('Independent');
    return zohoCard;
  };
  await shoot(settings, await reloaded(), 'zoho-required', 'en');
  await shoot(settings, settings.locator('fieldset.crm-connection').nth(1), 'pipedrive-no-field-rights', 'en');

  await settings.getByRole('combobox', { name: 'Language' }).selectOption('en-XA');
  await expect(settings.locator('html')).toHaveAttribute('lang', 'en-XA');
  await settings.reload();
  await shoot(settings, await reloaded(), 'zoho-required', 'en-XA');
  await shoot(settings, settings.locator('fieldset.crm-connection').nth(1), 'pipedrive-no-field-rights', 'en-XA');
});
