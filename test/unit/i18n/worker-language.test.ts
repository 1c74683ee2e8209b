import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startWorkerLanguage } from '@/lib/settings/worker/language';
import { titleOf } from '@/lib/lookup/worker/summary';
import { DOSSIER_ERRORS } from '@/lib/contracts/error-catalog';
import { currentLocale, t } from '@/lib/platform/i18n';
import { de } from '@/lib/platform/i18n/de';
import { es } from '@/lib/platform/i18n/es';
import { applyLocale } from '@/lib/platform/i18n/load';
import { languageItem } from '@/lib/settings/language';
import { languageMirrorItem } from '@/lib/settings/language-mirror';

describe('the worker’s language', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    Object.assign(fakeBrowser.i18n, { getUILanguage: () => 'de-AT' });
  });
  afterEach(() => applyLocale('en'));

  it('is in before the worker says anything: the browser’s, or the one chosen', async () => {
    const { ready } = startWorkerLanguage(() => {});
    await ready;
    expect(currentLocale()).toBe('de');
    expect(titleOf('enrichPerson')).toBe(de['notification.op.enrichPerson']);
    expect(DOSSIER_ERRORS.no_key).toBe(de['errors.no_key']);

    await languageItem.setValue('es');
    const again = startWorkerLanguage(() => {});
    await again.ready;
    expect(t('menu.enrichProfile')).toBe(es['menu.enrichProfile']);
  });

  it('mirrors the choice for the panel’s frame, and renames what the browser keeps when it changes', async () => {
    const renamed = vi.fn();
    const { ready } = startWorkerLanguage(renamed);
    await ready;
    expect(await languageMirrorItem.getValue()).toBe('auto');
    expect(renamed).not.toHaveBeenCalled();

    await languageItem.setValue('es');
    await vi.waitFor(() => expect(renamed).toHaveBeenCalledWith('es'));
    expect(await languageMirrorItem.getValue()).toBe('es');
    expect(t('menu.enrichProfile')).toBe(es['menu.enrichProfile']);

    // A choice that lands on the language already shown renames nothing.
    await languageItem.setValue('de');
    await vi.waitFor(() => expect(renamed).toHaveBeenCalledTimes(2));
    await languageItem.setValue('auto');
    await vi.waitFor(async () => expect(await languageMirrorItem.getValue()).toBe('auto'));
    expect(renamed).toHaveBeenCalledTimes(2);
  });
});
