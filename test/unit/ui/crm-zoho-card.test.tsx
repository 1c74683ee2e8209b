// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import { requestCrmAccess } from '@/lib/crm/page/permissions';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/lib/crm/page/permissions', () => ({ requestCrmAccess: vi.fn(async () => true) }));

const CLIENT_ID = '1000.EMULATEDZOHOCLIENT0123456789AB';

function worker() {
  vi.mocked(sendMessage).mockImplementation((async (name: string) => {
    if (name === 'crmConnections') return { ok: true, value: { connections: [], settings: { autoPush: [] } } };
    if (name === 'crmConnect') return { ok: true, value: { connections: [], message: 'Connected to Zoho CRM (www.zohoapis.eu) as Emulator Admin, organization Acme.' } };
    return { ok: true, value: [] };
  }) as never);
}

afterEach(() => {
  cleanup();
  vi.mocked(sendMessage).mockReset();
  vi.mocked(requestCrmAccess).mockClear();
});

describe('Settings › CRM: the Zoho CRM card', () => {
  it('asks for the client ID, the data centre and Leads or Contacts, and connects with kind zoho through Zoho’s window', async () => {
    worker();
    const { getByRole } = render(<CrmSettings />);
    const card = within(getByRole('group', { name: 'Zoho CRM' }));
    fireEvent.click(card.getByRole('button', { name: 'Connect with Zoho' }));
    await waitFor(() => expect(card.getByText('Paste the Client ID from Zoho’s API console.')).toBeTruthy());
    expect(vi.mocked(sendMessage).mock.calls.some(([name]) => name === 'crmConnect')).toBe(false);

    const dataCentre = card.getByRole('combobox', { name: 'Data centre' }) as HTMLSelectElement;
    expect([...dataCentre.options].map((o) => o.textContent)).toEqual(['United States (zoho.com)', 'Europe (zoho.eu)', 'India (zoho.in)', 'Australia (zoho.com.au)', 'Japan (zoho.jp)', 'Canada (zohocloud.ca)']);
    fireEvent.change(card.getByLabelText(/^Client ID/), { target: { value: CLIENT_ID } });
    fireEvent.change(dataCentre, { target: { value: 'eu' } });
    fireEvent.change(card.getByRole('combobox', { name: 'Push people as' }), { target: { value: 'contact' } });
    fireEvent.click(card.getByRole('button', { name: 'Connect with Zoho' }));
    await waitFor(() => expect(card.getByText(/Connected to Zoho CRM/)).toBeTruthy());
    const connection = { kind: 'zoho', clientId: CLIENT_ID, dataCentre: 'eu', recordType: 'contact' };
    expect(requestCrmAccess).toHaveBeenCalledWith(connection);
    expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection });
  });

  it('sends the client secret only when one is given, as a password field', async () => {
    worker();
    const { getByRole } = render(<CrmSettings />);
    const card = within(getByRole('group', { name: 'Zoho CRM' }));
    const secret = card.getByLabelText(/^Client secret/) as HTMLInputElement;
    expect(secret.type).toBe('password');
    fireEvent.change(card.getByLabelText(/^Client ID/), { target: { value: CLIENT_ID } });
    fireEvent.change(secret, { target: { value: 'e0d1f2a3b4c5d6e7f8a9' } });
    fireEvent.click(card.getByRole('button', { name: 'Connect with Zoho' }));
    await waitFor(() => expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection: expect.objectContaining({ kind: 'zoho', clientSecret: 'e0d1f2a3b4c5d6e7f8a9', dataCentre: 'com', recordType: 'lead' }) }));
  });
});
