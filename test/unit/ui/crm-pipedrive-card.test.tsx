// @vitest-environment happy-dom
import { cleanup, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import { sendMessage } from '@/lib/contracts/messenger';
import { summarise } from '@/lib/crm/connection';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/lib/crm/page/permissions', () => ({ requestCrmAccess: vi.fn(async () => true) }));

afterEach(() => {
  cleanup();
  vi.mocked(sendMessage).mockReset();
});

describe('Settings › CRM: the Pipedrive card', () => {
  it('for a user who may not add fields, says under the connection what is lost', async () => {
    const connection = summarise({ kind: 'pipedrive', token: 'pd0123456789abcdef', domain: 'acme', profileFieldDenied: true });
    vi.mocked(sendMessage).mockImplementation((async (name: string) =>
      name === 'crmConnections' ? { ok: true, value: { connections: [connection], settings: { autoPush: [] } } } : { ok: true, value: [] }) as never);
    const { getByRole } = render(<CrmSettings />);
    const card = within(getByRole('group', { name: 'Pipedrive' }));
    await waitFor(() => expect(card.getByText(/profile links go into the note, and matching by profile link is off/)).toBeTruthy());
  });
});
