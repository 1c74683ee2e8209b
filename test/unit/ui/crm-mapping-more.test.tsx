// @vitest-environment happy-dom
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmSettings } from '@/components/crm/CrmSettings';
import type { CrmMappingReply } from '@/lib/crm/contract';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const connected = (target: string, label: string, host: string) => ({ target, label, host, maskedSecret: '••••abcd', address: `https://${host}` });

const labels: CrmMappingReply = {
  schema: {
    defaults: { jobTitle: 'job_title', phone: 'phone', mobilePhone: 'phone' },
    properties: [
      { name: 'phone', label: 'Phone', custom: false, list: true },
      { name: 'job_title', label: 'Job title', custom: false },
    ],
    owners: [{ id: '2', name: 'Ben Seller' }],
    lists: [{ id: '6', name: 'Hot lead' }],
  },
  fieldMap: {},
  ownerId: null,
  listId: null,
  fieldDefaults: {},
  recordType: null,
};

afterEach(() => {
  cleanup();
  vi.mocked(sendMessage).mockReset();
});

describe('Settings › CRM: field mapping for Pipedrive, Attio and Close', () => {
  it('each connected card offers the mapping (the webhook takes Dossier’s fields as they are); two fields may share the phone list', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string) => {
      if (name === 'crmConnections')
        return {
          ok: true,
          value: {
            connections: [connected('pipedrive', 'Pipedrive', 'acme.pipedrive.com'), connected('attio', 'Attio', 'api.attio.com'), connected('close', 'Close', 'api.close.com'), connected('webhook', 'Webhook', 'hooks.example')],
            settings: { autoPush: [] },
          },
        };
      if (name === 'crmSchema') return { ok: true, value: labels };
      return { ok: true, value: [] };
    }) as never);
    const { getByRole, findByText } = render(<CrmSettings />);
    for (const crm of ['Pipedrive', 'Attio', 'Close']) expect(await findByText(`Choose where Dossier’s fields go in ${crm}`)).toBeTruthy();
    const webhook = within(getByRole('group', { name: 'Webhook' }));
    expect(webhook.queryByText(/Choose where Dossier’s fields go/)).toBeNull();

    const pipedrive = within(getByRole('group', { name: 'Pipedrive' }));
    const details = pipedrive.getByText('Choose where Dossier’s fields go in Pipedrive').closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(pipedrive.getByRole('combobox', { name: 'Mobile phone goes into' })).toBeTruthy());
    expect((pipedrive.getByRole('combobox', { name: 'Phone goes into' }) as HTMLSelectElement).value).toBe('phone');
    expect((pipedrive.getByRole('combobox', { name: 'Mobile phone goes into' }) as HTMLSelectElement).value).toBe('phone');
    expect([...(pipedrive.getByRole('combobox', { name: 'Put every record Dossier pushes in' }) as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['(no list)', 'Hot lead']);
  });
});
