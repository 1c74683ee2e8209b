// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/lib/crm/page/permissions', () => ({ requestCrmAccess: vi.fn(async () => true) }));

const KEY = 'api_3fJdYqB2o7EmuLatedK3y.4kT9xWcZpQ0rS1uV2wX3yZ';

afterEach(() => {
  cleanup();
  vi.mocked(sendMessage).mockReset();
});

describe('Settings › CRM: the Close card', () => {
  it('asks for the API key (the API address under Advanced) and connects with kind close', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string) => {
      if (name === 'crmConnections') return { ok: true, value: { connections: [], settings: { autoPush: [] } } };
      if (name === 'crmConnect') return { ok: true, value: { connections: [], message: 'Connected to Close as Emulator Admin (organization Acme Emulated).' } };
      return { ok: true, value: [] };
    }) as never);
    const { getByRole } = render(<CrmSettings />);
    const card = within(getByRole('group', { name: 'Close' }));
    fireEvent.click(card.getByRole('button', { name: 'Connect Close' }));
    await waitFor(() => expect(card.getByText('Paste the whole token.')).toBeTruthy());
    expect(vi.mocked(sendMessage).mock.calls.some(([name]) => name === 'crmConnect')).toBe(false);

    fireEvent.change(card.getByLabelText(/Close API key/), { target: { value: KEY } });
    fireEvent.change(card.getByLabelText(/API address/), { target: { value: 'http://127.0.0.1:4020/' } });
    fireEvent.click(card.getByRole('button', { name: 'Connect Close' }));
    await waitFor(() => expect(card.getByText('Connected to Close as Emulator Admin (organization Acme Emulated).')).toBeTruthy());
    expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection: { kind: 'close', token: KEY, apiBase: 'http://127.0.0.1:4020' } });
  });

  it('connects on Enter in a field, and keeps the Enter from the settings form around the card', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string) => {
      if (name === 'crmConnections') return { ok: true, value: { connections: [], settings: { autoPush: [] } } };
      if (name === 'crmConnect') return { ok: true, value: { connections: [], message: 'Connected to Close.' } };
      return { ok: true, value: [] };
    }) as never);
    const { getByRole } = render(<CrmSettings />);
    const card = within(getByRole('group', { name: 'Close' }));
    const key = card.getByLabelText(/Close API key/);
    fireEvent.change(key, { target: { value: KEY } });
    expect(fireEvent.keyDown(key, { key: 'a' })).toBe(true);
    // false: the default action (submitting the form the card sits in) was prevented.
    expect(fireEvent.keyDown(key, { key: 'Enter' })).toBe(false);
    await waitFor(() => expect(card.getByText('Connected to Close.')).toBeTruthy());
    expect(sendMessage).toHaveBeenCalledWith('crmConnect', { connection: { kind: 'close', token: KEY, apiBase: undefined } });
  });
});
