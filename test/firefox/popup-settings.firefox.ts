import { byRole, click, expect, expectText, fill, pageOpenedBy, seriousViolations, test } from '@/test/firefox/firefox';

test('a new user in Firefox: the popup offers the settings, where the key is tested and saved; the popup then shows the balance', async ({ firefox, dossier, sandbox, freshKey }) => {
  const apiId = await freshKey(1000);
  const popup = await dossier.open('popup.html');
  await byRole(popup, 'heading', 'No API key yet');

  // runtime.openOptionsPage: the settings open in a tab of their own (options_ui.open_in_tab).
  const settings = await pageOpenedBy(firefox, `${dossier.origin}/options.html`, () => click(popup, 'button', 'Open settings'));
  await byRole(settings, 'heading', 'Dossier settings');

  await fill(settings, 'Service address', sandbox.url);
  await fill(settings, 'API key', `  ${apiId}\n`);
  await click(settings, 'button', 'Test connection');
  await expectText(settings, 'status', '', 'Connected. Balance: 1,000 credits.');
  await click(settings, 'button', 'Save');
  await expectText(settings, 'status', '', 'Saved.');
  expect(await seriousViolations(settings)).toEqual([]);

  const again = await dossier.open('popup.html');
  await byRole(again, 'heading', 'Credit balance');
  await expectText(again, 'region', 'Credit balance', '1,000 credits');
  expect(await seriousViolations(again)).toEqual([]);
  expect((await sandbox.ledger(apiId)).charges).toEqual([]);
});

test('Test connection refuses an invalid key with a message, and saves nothing', async ({ dossier, sandbox }) => {
  const settings = await dossier.open('options.html');
  await fill(settings, 'Service address', sandbox.url);
  await fill(settings, 'API key', 'not-a-real-key');
  await click(settings, 'button', 'Test connection');
  await expectText(settings, 'alert', '', /key/i);
  expect(await dossier.call('getStatus')).toMatchObject({ ok: true, value: { hasKey: false } });
});
