// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { renderPage } from '@/components/platform/page-root';
import { LanguageField } from '@/components/settings/LanguageField';
import { startLanguage, useLanguage } from '@/components/settings/language-store';
import { t } from '@/lib/platform/i18n';
import { de } from '@/lib/platform/i18n/de';
import { en } from '@/lib/platform/i18n/en';
import { fr } from '@/lib/platform/i18n/fr';
import { applyLocale } from '@/lib/platform/i18n/load';
import { sendMessage } from '@/lib/contracts/messenger';
import { languageItem } from '@/lib/settings/language';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

/** As the worker answers saveLanguage: the choice lands in the vault, and every page follows it. */
function answerLikeTheWorker() {
  vi.mocked(sendMessage).mockImplementation((async (name: string, data: { language: never }) => {
    if (name !== 'saveLanguage') return { ok: false, error: { kind: 'test', message: `unexpected ${name}` } };
    await languageItem.setValue(data.language);
    return { ok: true, value: data };
  }) as never);
}

function uiLanguage(tag: string) {
  Object.assign(fakeBrowser.i18n, { getUILanguage: () => tag });
}

describe('an extension page in the user’s language', () => {
  let stops: (() => void)[] = [];
  beforeEach(() => {
    fakeBrowser.reset();
    useLanguage.setState({ choice: null, locale: null });
    vi.mocked(sendMessage).mockReset();
    answerLikeTheWorker();
    document.body.innerHTML = '<main id="root"></main>';
    document.title = '';
  });
  afterEach(async () => {
    stops.forEach((stop) => stop());
    stops = [];
    cleanup();
    await applyLocale('en');
  });

  it('draws nothing until the language’s catalog is in, then draws in it, with the page’s language and title', async () => {
    uiLanguage('fr-CA');
    const root = document.getElementById('root')!;
    renderPage(root, () => <h1>{t('app.settingsTitle')}</h1>, { title: () => t('page.title.settings') });
    expect(root.textContent).toBe('');
    await waitFor(() => expect(root.textContent).toBe(fr['app.settingsTitle']));
    expect(document.documentElement.lang).toBe('fr');
    expect(document.title).toBe(fr['page.title.settings']);
  });

  it('follows a choice saved in the settings over the browser’s language, and draws again at once', async () => {
    uiLanguage('fr-FR');
    await languageItem.setValue('de');
    const root = document.getElementById('root')!;
    renderPage(root, () => <h1>{t('app.settingsTitle')}</h1>);
    await waitFor(() => expect(root.textContent).toBe(de['app.settingsTitle']));
    // Another page saves English: this one switches without a reload.
    await act(async () => languageItem.setValue('en'));
    await waitFor(() => expect(root.textContent).toBe(en['app.settingsTitle']));
    expect(document.documentElement.lang).toBe('en');
    // Back to the browser's language.
    await act(async () => languageItem.setValue('auto'));
    await waitFor(() => expect(root.textContent).toBe(fr['app.settingsTitle']));
  });

  it('offers browser default and each language named in itself; a choice goes to the worker and the page follows it', async () => {
    uiLanguage('es-MX');
    stops.push(startLanguage());
    await waitFor(() => expect(useLanguage.getState().locale).toBe('es'));
    render(<LanguageField />);
    const select = screen.getByRole('combobox', { name: 'Idioma' });
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent, o.getAttribute('lang')])).toEqual([
      ['auto', 'Idioma del navegador (Español)', null],
      ['en', 'English', 'en'],
      ['fr', 'Français', 'fr'],
      ['de', 'Deutsch', 'de'],
      ['es', 'Español', 'es'],
      ['en-XA', expect.stringContaining('en-XA'), 'en-XA'],
    ]);
    expect((select as HTMLSelectElement).value).toBe('auto');
    fireEvent.change(select, { target: { value: 'fr' } });
    await waitFor(() => expect(useLanguage.getState()).toEqual({ choice: 'fr', locale: 'fr' }));
    expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('saveLanguage', { language: 'fr' });
    expect(await languageItem.getValue()).toBe('fr');
  });
});
