import { readFileSync } from 'node:fs';
import { en } from '@/lib/platform/i18n/en';
import { pseudoMessage } from '@/lib/platform/i18n/pseudo';
import { configureExtension, expect, readVault, test, writeRecords, writeVault } from '@/test/e2e/extension';
import { company, person } from '@/test/unit/book/book-fixtures';
import { findClipped } from '@/test/support/layout';

/**
 * The privacy section's retention period: what goes next (contacts, lookups, paid answers kept
 * for free repeats) from what the stores hold, when contacts start to go after the grace given on
 * upgrade, what a shorter period would delete, the reuse windows saved beyond it (capped, said
 * beside them), and "Export first". Screenshots, light and dark, English and the
 * pseudo-locale, go to DOSSIER_SHOTS (default test-results/retention/).
 */
const SHOTS = process.env.DOSSIER_SHOTS ?? 'test-results/retention';
const DAY = 86_400_000;
const MAYA = 'https://www.linkedin.com/in/maya-chen/';

/** Three people and a company first collected 350 days ago (they go in 15 days), whatever updated them since. */
function contacts(now: number) {
  const first = now - 350 * DAY;
  const updated = now - 2 * DAY;
  return [
    { ...person({ id: 'person:maya-chen', name: 'Maya Chen', company: 'Northwind Analytics', updatedAt: first }), updatedAt: updated },
    { ...person({ id: 'person:sam-lee', name: 'Sam Lee', company: 'Contoso', updatedAt: first }), updatedAt: updated },
    person({ id: 'person:ana-ruiz', name: 'Ana Ruiz', company: 'Fabrikam', updatedAt: first + DAY }),
    company({ id: 'domain:northwind.example', name: 'Northwind Analytics', domain: 'northwind.example', updatedAt: first }),
    // Collected last month: stays.
    person({ id: 'person:li-wei', name: 'Li Wei', company: 'Contoso', updatedAt: now - 30 * DAY }),
  ];
}

function lookups(now: number) {
  const lookup = (id: string, ageDays: number) => ({
    id,
    op: 'searchPhone',
    subject: MAYA,
    input: { profileUrl: MAYA },
    identity: 'person:maya-chen',
    outcome: 'miss',
    cost: 0,
    fromLedger: false,
    paidAt: null,
    at: now - ageDays * DAY,
    pageUrl: null,
    error: null,
  });
  return [lookup('old-1', 345), lookup('old-2', 340), lookup('recent', 3)];
}

/** A paid enrichment 80 days ago: its reuse window (90 days) ends in 10. */
const paidAnswer = (now: number) => ({ op: 'enrichPerson', keys: ['person:maya-chen'], paidAt: now - 80 * DAY, creditBurn: 2, historyId: 'paid-1', result: { extra: {} } });

for (const language of ['en', 'en-XA'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${language}, ${scheme}: the privacy section says what goes next and what a shorter period deletes; nothing cut`, async ({ worker, sandbox, openExtensionPage }) => {
      const say = (key: keyof typeof en) => (language === 'en' ? en[key] : pseudoMessage(en[key]));
      await configureExtension(worker, { gatewayUrl: sandbox.url, apiKey: await sandbox.newKey(1000) });
      await writeVault(worker, { language, language$: { v: 1 } });
      const now = Date.now();
      await writeRecords(worker, 'contacts', contacts(now));
      await writeRecords(worker, 'history', lookups(now));
      await writeRecords(worker, 'ledger', [paidAnswer(now)]);

      const settings = await openExtensionPage('options.html');
      await settings.emulateMedia({ colorScheme: scheme });
      await settings.setViewportSize({ width: 1280, height: 800 });
      const privacy = settings.getByRole('region', { name: say('privacy.title') });
      await settings.getByRole('navigation').getByRole('link', { name: say('privacy.title') }).click();
      const next = privacy.getByTestId('retention-next');
      // Before the first purge on an install that holds contacts: they start to go in 30 days (the
      // grace given on upgrade), said apart from the rest.
      if (language === 'en') await expect(next).toHaveText(/^Next to go, from .+: 2 lookups and 1 answer kept for free repeats\. Contacts start to go on .+: 4 contacts\.$/);
      else await expect(next).toHaveText(/2.*1.*4/);
      if (scheme === 'light') {
        await privacy.getByRole('button', { name: say('retention.exportFirst') }).scrollIntoViewIfNeeded();
        await privacy.screenshot({ path: `${SHOTS}/privacy-grace-${language}-${scheme}.png` });
        expect(await settings.evaluate(findClipped)).toEqual([]);
      }

      // The grace is over: contacts go by the period alone.
      await writeVault(worker, { retentionContactsFrom: now - DAY, retentionContactsFrom$: { v: 1 } });
      await settings.reload();
      await settings.getByRole('navigation').getByRole('link', { name: say('privacy.title') }).click();
      if (language === 'en') await expect(next).toHaveText(/^Next to go, from .+: 4 contacts, 2 lookups, and 1 answer kept for free repeats\.$/);
      else await expect(next).toHaveText(/4.*2.*1/);
      const period = privacy.getByLabel(say('privacy.retention'));
      await expect(period).toHaveValue('365');
      await expect(period).toHaveAccessibleDescription(say('retention.hint'));
      await privacy.getByRole('button', { name: say('retention.exportFirst') }).scrollIntoViewIfNeeded();
      await privacy.screenshot({ path: `${SHOTS}/privacy-saved-${language}-${scheme}.png` });

      await period.fill('20');
      const change = privacy.getByTestId('retention-change');
      // Li Wei (30 days) and the paid answer (80 days) go too; the lookup of 3 days ago stays.
      if (language === 'en') await expect(change).toHaveText('With 20 days, the daily clean-up after you save deletes 5 contacts, 2 lookups, and 1 answer kept for free repeats.');
      else await expect(change).toHaveText(/20.*5.*2.*1/);
      await privacy.scrollIntoViewIfNeeded();
      await privacy.screenshot({ path: `${SHOTS}/privacy-${language}-${scheme}.png` });
      expect(await settings.evaluate(findClipped)).toEqual([]);

      // The reuse windows (30 and 90 days) are longer than 20: said beside each, and saved all the
      // same (the worker caps them at the period).
      const capped = say('retention.reuseCapped').replace('{days}', '20');
      const spending = settings.getByRole('region', { name: say('spending.title') });
      await expect(spending.getByLabel(say('enrichment.otherDays'))).toHaveAccessibleDescription(capped);
      await expect(spending.getByLabel(say('enrichment.phoneDays'))).toHaveAccessibleDescription(capped);
      if (language === 'en' && scheme === 'light') {
        await spending.getByLabel(say('enrichment.otherDays')).scrollIntoViewIfNeeded();
        await spending.screenshot({ path: `${SHOTS}/spending-capped-${language}-${scheme}.png` });
      }
      await settings.getByRole('button', { name: say('settings.save') }).click();
      await expect(settings.getByRole('status')).toHaveText(say('settings.saved'));
      await expect(period).toHaveAccessibleDescription(say('retention.hint'));
      await expect.poll(async () => ((await readVault(worker, ['preferences'])).preferences as { privacy?: { historyRetentionDays?: number } } | undefined)?.privacy?.historyRetentionDays).toBe(20);

      // Export first: the export of all data, the contacts in it.
      const download = settings.waitForEvent('download');
      await privacy.getByRole('button', { name: say('retention.exportFirst') }).click();
      const file = await (await download).path();
      const exported = JSON.parse(readFileSync(file, 'utf8')) as { contacts?: { id: string }[] };
      expect(exported.contacts?.map((c) => c.id).sort()).toEqual(['domain:northwind.example', 'person:ana-ruiz', 'person:li-wei', 'person:maya-chen', 'person:sam-lee']);
    });
  }
}
