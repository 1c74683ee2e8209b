// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/lib/crm/page/permissions', () => ({ requestCrmAccess: vi.fn(async () => true) }));
vi.mock('@/lib/crm/web-auth/flow', async (original) => ({ ...(await original<object>()), webAuthRedirectUrl: () => REDIRECT_URL }));

const REDIRECT_URL = 'https://abcdefghijklmnopabcdefghijklmnop.chromiumapp.org/';

const CONSUMER_KEY = '3MVG9emulatedConsumerKey.0123456789';
const CONSUMER_SECRET = 'EMU5A1B2C3D4E5F60718293A4B5C6D7E8F90123456789ABCDEF0123456789AB';
const NEEDS_SECRET =
  'Salesforce asks for the app’s consumer secret. Paste its Consumer Secret in Dossier, or turn off both “Require secret for Web Server Flow” and “Require secret for Refresh Token Flow” in the app, then connect again.';

function worker(connect: () => unknown) {
  vi.mocked(sendMessage).mockImplementation((async (name: string) => {
    if (name === 'crmConnections') return { ok: true, value: { connections: [], settings: { autoPush: [] } } };
    if (name === 'crmConnect') return connect();
    return { ok: true, value: [] };
  }) as never);
}

const card = () => within(render(<CrmSettings />).getByRole('group', { name: 'Salesforce' }));

afterEach(() => {
  cleanup();
  vi.mocked(sendMessage).mockReset();
});

describe('Settings › CRM: the Salesforce card', () => {
  it('explains both setups with their exact settings: an External Client App for new orgs, a connected app for older ones', () => {
    worker(() => ({ ok: true, value: { connections: [], message: '' } }));
    const guide = card().getByText('How to set up the app in Salesforce').closest('details')!;
    expect(guide.open).toBe(false);
    const text = [...guide.querySelectorAll('p')].map((p) => p.textContent).join('\n');
    expect(text).toContain('Setup › External Client App Manager › New External Client App');
    expect(text).toContain('Setup › App Manager › New Connected App');
    expect(text).toContain(`\nCallback URL: ${REDIRECT_URL}\n`);
    expect(text).toContain('“Manage user data via APIs (api)” and “Perform requests at any time (refresh_token, offline_access)”');
    expect(text).toContain('“Require Proof Key for Code Exchange (PKCE)”');
    expect(text).toContain('“Require secret for Web Server Flow” and “Require secret for Refresh Token Flow”: keep both on and paste the app’s Consumer Secret below, or turn both off and leave it empty.');
  });

  it('takes the consumer secret in an optional password field, sends it with the key, and never shows it again', async () => {
    worker(() => ({ ok: true, value: { connections: [], message: 'Connected to Salesforce (instance acme.my.salesforce.com) as Emulator Admin.' } }));
    const sf = card();
    const secret = sf.getByLabelText('Consumer secret (if the app requires one)') as HTMLInputElement;
    expect(secret.type).toBe('password');
    fireEvent.change(sf.getByLabelText('Consumer key'), { target: { value: CONSUMER_KEY } });
    fireEvent.change(secret, { target: { value: CONSUMER_SECRET } });
    fireEvent.click(sf.getByRole('button', { name: 'Connect with Salesforce' }));
    await waitFor(() => expect(sf.getByText(/Connected to Salesforce/)).toBeTruthy());
    expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection: { kind: 'salesforce', clientId: CONSUMER_KEY, clientSecret: CONSUMER_SECRET, loginHost: 'production', recordType: 'lead' } });
    expect(document.body.innerHTML).not.toContain(CONSUMER_SECRET);
  });

  it('left empty, no secret is sent; Salesforce’s refusal is shown as the setting to change', async () => {
    worker(() => ({ ok: false, error: { kind: 'auth', message: NEEDS_SECRET } }));
    const sf = card();
    fireEvent.change(sf.getByLabelText('Consumer key'), { target: { value: CONSUMER_KEY } });
    fireEvent.click(sf.getByRole('button', { name: 'Connect with Salesforce' }));
    await waitFor(() => expect(sf.getByRole('alert').textContent).toBe(NEEDS_SECRET));
    expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection: { kind: 'salesforce', clientId: CONSUMER_KEY, loginHost: 'production', recordType: 'lead' } });
  });
});
