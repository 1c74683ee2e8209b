// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SettingsPage } from '@/components/settings/SettingsPage';
import { usePreferences } from '@/components/settings/preferences-store';
import { sendMessage } from '@/lib/contracts/messenger';
import { DEFAULT_GATEWAY } from '@/lib/settings/gateway';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { preferencesItem } from '@/lib/settings/stored';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const STATUS = { hasKey: true, maskedKey: '••••-key', gateway: DEFAULT_GATEWAY, isSandbox: true, balance: null };

function answerLikeTheBackground() {
  vi.mocked(sendMessage).mockImplementation((async (name: string, data: unknown) => {
    if (name === 'getStatus' || name === 'saveConnection') return { ok: true, value: STATUS };
    if (name === 'savePreferences') {
      // As the background does: what it accepts lands in storage, and every page sees it.
      await preferencesItem.setValue(data);
      return { ok: true, value: data };
    }
    return { ok: false, error: { kind: 'test', message: `unexpected ${name}` } };
  }) as never);
}

const saved = () => vi.mocked(sendMessage).mock.calls.filter(([name]) => name === 'savePreferences').map(([, data]) => data);

describe('settings page', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: false });
    vi.mocked(sendMessage).mockReset();
    answerLikeTheBackground();
    // Not implemented by the fake browser; the page-access switch only reads it here.
    const events = { addListener: () => {}, removeListener: () => {} };
    Object.assign(fakeBrowser.permissions, { contains: async () => false, onAdded: events, onRemoved: events });
    // A development build's manifest: the sandbox's host on this computer is granted at install.
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Dossier', version: '0', host_permissions: ['http://127.0.0.1/*', 'http://localhost/*'] });
  });
  afterEach(cleanup);

  it('shows each error beside its field, tied to it, and saves nothing', async () => {
    render(<SettingsPage />);
    const cap = screen.getByLabelText('Daily cap (credits; empty: no cap)');
    const suppression = screen.getByLabelText('Suppression list: never look these up');
    fireEvent.change(cap, { target: { value: '12.5' } });
    fireEvent.change(suppression, { target: { value: 'acme.example\nJane Doe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Nothing was saved: fix the fields marked above.');
    expect(cap.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(cap.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a whole number, or leave it empty.');
    const describedBy = suppression.getAttribute('aria-describedby')!.split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'One per line: an email, a domain (everyone at it), a phone number or a profile URL.',
      'Line 2 (“Jane Doe”) is not an email, domain, phone number or profile URL.',
    ]);
    expect(saved()).toEqual([]);
  });

  it('says beside the Phone numbers switch what it does to the price', () => {
    render(<SettingsPage />);
    const phones = screen.getByLabelText('Phone numbers');
    expect(document.getElementById(phones.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Each mobile number found costs 30 credits more: an enrichment may then cost up to 92 credits instead of 2 credits (at most 3 mobile numbers).',
    );
    expect(screen.getByText('What a full enrichment returns (2 credits per match; mobile numbers cost extra)')).toBeTruthy();
  });

  it('saves valid values through the background and then shows what storage holds', async () => {
    render(<SettingsPage />);
    fireEvent.change(screen.getByLabelText('Daily cap (credits; empty: no cap)'), { target: { value: '300' } });
    fireEvent.click(screen.getByLabelText('EU mode: never run personal-email lookups'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The save asks for the host, then saves the connection and the settings: over a second on a busy machine.
    expect(await screen.findByRole('status', {}, { timeout: 5000 })).toHaveProperty('textContent', 'Saved.');
    expect(saved()).toEqual([{ ...DEFAULT_PREFERENCES, spending: { ...DEFAULT_PREFERENCES.spending, dailyCap: 300 }, privacy: { ...DEFAULT_PREFERENCES.privacy, euMode: true } }]);

    // A change made in another window shows up at once in the untouched form.
    await act(() => preferencesItem.setValue({ spending: { dailyCap: 10 } }));
    await waitFor(() => expect(screen.getByLabelText('Daily cap (credits; empty: no cap)')).toHaveProperty('value', '10'));
  });
});
