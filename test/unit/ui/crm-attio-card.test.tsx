// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/lib/crm/page/permissions', () => ({ requestCrmAccess: vi.fn(async () => true) }));

const KEY = '5d1e0f3a9b7c4e21a8f60b2c3d4e5f60';

function worker() {
  vi.mocked(sendMessage).mockImplementation((async (name: string) => {
    if (name === 'crmConnections') return { ok: true, value: { connections: [], settings: { autoPush: [] } } };
    if (name === 'crmConnect') return { ok: true, value: { connections: [], message: 'Connected to Attio (workspace Acme).' } };
    return { ok: true, value: [] };
  }) as never);
}

afterEach(() => {
  cleanup();
  vi.mocked(sendMessage).mockReset();
});

describe('Settings › CRM: the Attio card', () => {
  it('asks for the API key (the API address under Advanced) and connects with kind attio', async () => {
    worker();
    const { getByRole } = render(<CrmSettings />);
    const card = within(getByRole('group', { name: 'Attio' }));
    fireEvent.click(card.getByRole('button', { name: 'Connect Attio' }));
    await waitFor(() => expect(card.getByText('Paste the whole token.')).toBeTruthy());
    expect(vi.mocked(sendMessage).mock.calls.some(([name]) => name === 'crmConnect')).toBe(false);

    fireEvent.change(card.getByLabelText(/Attio API key/), { target: { value: KEY } });
    fireEvent.change(card.getByLabelText(/API address/), { target: { value: 'http://127.0.0.1:4010/' } });
    fireEvent.click(card.getByRole('button', { name: 'Connect Attio' }));
    await waitFor(() => expect(card.getByText('Connected to Attio (workspace Acme).')).toBeTruthy());
    expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection: { kind: 'attio', token: KEY, apiBase: 'http://127.0.0.1:4010' } });
  });
});
