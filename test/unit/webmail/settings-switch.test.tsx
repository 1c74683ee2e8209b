// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WebmailSection } from '@/components/settings/WebmailSection';
import { usePreferences } from '@/components/settings/preferences-store';
import { sendMessage } from '@/lib/contracts/messenger';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { WEBMAIL_ORIGINS } from '@/lib/webmail/permissions';
import { installPermissions } from '@/test/unit/fake-permissions';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const SWITCH = 'Enrich the people of the open message in Gmail and Outlook on the web';

/** The order of what the switch did: the permission call first (the prompt needs the click's gesture), then the save. */
function record(api: ReturnType<typeof installPermissions>['api']) {
  const steps: string[] = [];
  api.request.mockImplementationOnce(async (...args) => {
    steps.push('request');
    return api.request.getMockImplementation()!(...args);
  });
  vi.mocked(sendMessage).mockImplementation((async (name: string, prefs: Preferences) => {
    steps.push(`${name}:${prefs.webmail.enabled}`);
    return { ok: true, value: prefs };
  }) as never);
  return steps;
}

beforeEach(() => {
  fakeBrowser.reset();
  vi.mocked(sendMessage).mockReset();
  usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true });
});
afterEach(cleanup);

describe('the web mail switch in the settings', () => {
  it('is off by default; turning it on asks for the four hosts first, then saves it on', async () => {
    const { api } = installPermissions({ grant: true });
    const steps = record(api);
    render(<WebmailSection />);
    const toggle = screen.getByRole('checkbox', { name: SWITCH }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    expect(api.request).toHaveBeenCalledWith({ origins: [...WEBMAIL_ORIGINS] });
    expect(steps).toEqual(['request', 'savePreferences:true']);
  });

  it('stays off, and says why, when the user refuses the prompt; nothing is saved', async () => {
    installPermissions({ grant: false });
    render(<WebmailSection />);
    const toggle = screen.getByRole('checkbox', { name: SWITCH }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('Your browser did not give Dossier access to Gmail and Outlook, so web mail stays off.')).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('turning it off gives the hosts back and saves it off', async () => {
    const { api, granted } = installPermissions({ grant: true });
    granted.add(WEBMAIL_ORIGINS[0]!).add(WEBMAIL_ORIGINS[1]!).add(WEBMAIL_ORIGINS[2]!).add(WEBMAIL_ORIGINS[3]!);
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, webmail: { enabled: true } }, loaded: true });
    vi.mocked(sendMessage).mockImplementation((async (_name: string, prefs: Preferences) => ({ ok: true, value: prefs })) as never);
    render(<WebmailSection />);
    const toggle = screen.getByRole('checkbox', { name: SWITCH }) as HTMLInputElement;
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(false));
    expect(api.remove).toHaveBeenCalledWith({ origins: [...WEBMAIL_ORIGINS] });
    expect(granted.size).toBe(0);
    expect(vi.mocked(sendMessage).mock.calls).toEqual([['savePreferences', expect.objectContaining({ webmail: { enabled: false } })]]);
  });

  it('shows off when the access was taken back in the browser’s own settings, though the preference says on', async () => {
    const { api } = installPermissions({ grant: true });
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, webmail: { enabled: true } }, loaded: true });
    render(<WebmailSection />);
    const toggle = screen.getByRole('checkbox', { name: SWITCH }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    await api.request({ origins: [...WEBMAIL_ORIGINS] });
    await waitFor(() => expect(toggle.checked).toBe(true));
  });
});
