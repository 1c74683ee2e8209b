// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FieldMappingEditor } from '@/components/crm/FieldMappingEditor';
import type { CrmMappingReply } from '@/lib/crm/contract';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const reply: CrmMappingReply = {
  schema: {
    defaults: { jobTitle: 'jobtitle', phone: 'phone' },
    properties: [
      { name: 'jobtitle', label: 'Job Title', custom: false },
      { name: 'phone', label: 'Phone Number', custom: false },
      { name: 'dossier_found_title', label: 'Title (found by Dossier)', custom: true },
    ],
    owners: [
      { id: '7001', name: 'Ada Owner' },
      { id: '7002', name: 'Ben Seller' },
    ],
  },
  fieldMap: {},
  ownerId: null,
  listId: null,
  fieldDefaults: {},
  recordType: null,
};

function open(crm = 'HubSpot') {
  const details = screen.getByText(`Choose where Dossier’s fields go in ${crm}`).closest('details')!;
  details.open = true;
  fireEvent(details, new Event('toggle'));
}

beforeEach(() => vi.mocked(sendMessage).mockReset());
afterEach(cleanup);

describe('the field mapping editor', () => {
  it('reads the CRM when opened, then saves each field’s property (custom ones marked) and the owner', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string, data: { fieldMap: object; ownerId: string | null }) =>
      name === 'crmSchema' ? { ok: true, value: reply } : { ok: true, value: { ...reply, fieldMap: data?.fieldMap, ownerId: data?.ownerId } }) as never);
    render(<FieldMappingEditor target="hubspot" />);
    expect(sendMessage).not.toHaveBeenCalled();
    open();
    const title = (await screen.findByRole('combobox', { name: 'Job title goes into' })) as HTMLSelectElement;
    expect(title.value).toBe('jobtitle');
    expect([...title.options].map((o) => o.textContent)).toEqual(['(not written)', 'Job Title', 'Phone Number', 'Title (found by Dossier) (custom)']);
    fireEvent.change(title, { target: { value: 'dossier_found_title' } });
    fireEvent.change(screen.getByRole('combobox', { name: /^Phone goes into/ }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Owner of the records Dossier creates' }), { target: { value: '7002' } });
    // Read once, however many toggle events opening it fires.
    expect(vi.mocked(sendMessage).mock.calls.filter(([name]) => name === 'crmSchema')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Save the mapping' }));
    expect(await screen.findByText('Saved: the next pushes to HubSpot use this mapping.')).toBeTruthy();
    expect(vi.mocked(sendMessage).mock.calls.at(-1)).toEqual(['crmSaveMapping', { target: 'hubspot', fieldMap: { jobTitle: 'dossier_found_title', phone: null }, ownerId: '7002', listId: null, fieldDefaults: {} }]);
  });

  it('asks a value for each field the CRM requires on new records (labelled, hinted), and saves the ones typed for fields it requires now; Enter saves too', async () => {
    const zoho: CrmMappingReply = {
      ...reply,
      schema: { ...reply.schema, required: [{ name: 'Company', label: 'Company', from: 'companyName' }, { name: 'Lead_Status', label: 'Lead Status' }] },
      // Typed while Leads required it; Contacts or a changed layout may not: never sent back.
      fieldDefaults: { Company: 'Independent', Rating: 'Hot' },
    };
    vi.mocked(sendMessage).mockImplementation((async (name: string, data: { fieldDefaults: object }) =>
      name === 'crmSchema' ? { ok: true, value: zoho } : { ok: true, value: { ...zoho, fieldDefaults: data?.fieldDefaults } }) as never);
    render(<FieldMappingEditor target="zoho" />);
    open('Zoho CRM');
    expect(await screen.findByRole('group', { name: 'Fields Zoho CRM needs on every new record' })).toBeTruthy();
    const company = screen.getByRole('textbox', { name: 'Company when Dossier has no value' }) as HTMLInputElement;
    expect(company.value).toBe('Independent');
    expect(company.getAttribute('aria-describedby') && document.getElementById(company.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Dossier fills it with the contact’s Company when it has one, else with what you type here.',
    );
    const status = screen.getByRole('textbox', { name: 'Lead Status when Dossier has no value' });
    expect(document.getElementById(status.getAttribute('aria-describedby')!)?.textContent).toContain('Dossier has nothing for it');
    fireEvent.change(company, { target: { value: '  ' } });
    fireEvent.change(status, { target: { value: 'Not Contacted' } });
    fireEvent.keyDown(status, { key: 'Enter' });
    await screen.findByText('Saved: the next pushes to Zoho CRM use this mapping.');
    expect(vi.mocked(sendMessage).mock.calls.at(-1)).toEqual(['crmSaveMapping', { target: 'zoho', fieldMap: {}, ownerId: null, listId: null, fieldDefaults: { Lead_Status: 'Not Contacted' } }]);
  });

  it('says what the CRM refused, and keeps the choices on screen', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string) =>
      name === 'crmSchema' ? { ok: true, value: reply } : { ok: false, error: { kind: 'invalid_input', message: 'That owner is not a user of this HubSpot account.' } }) as never);
    render(<FieldMappingEditor target="hubspot" />);
    open();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Owner of the records Dossier creates' }), { target: { value: '7001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the mapping' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That owner is not a user of this HubSpot account.');
    expect((screen.getByRole('combobox', { name: 'Owner of the records Dossier creates' }) as HTMLSelectElement).value).toBe('7001');
  });

  it('offers the CRM’s lists when it has them, and saves the one chosen; a CRM without lists offers no such choice', async () => {
    const withLists: CrmMappingReply = { ...reply, schema: { ...reply.schema, lists: [{ id: '31', name: 'Prospects from Dossier' }] } };
    vi.mocked(sendMessage).mockImplementation((async (name: string, data: { listId: string | null }) =>
      name === 'crmSchema' ? { ok: true, value: withLists } : { ok: true, value: { ...withLists, listId: data.listId } }) as never);
    render(<FieldMappingEditor target="hubspot" />);
    open();
    const list = (await screen.findByRole('combobox', { name: 'Put every record Dossier pushes in' })) as HTMLSelectElement;
    expect([...list.options].map((o) => o.textContent)).toEqual(['(no list)', 'Prospects from Dossier']);
    fireEvent.change(list, { target: { value: '31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the mapping' }));
    await screen.findByText('Saved: the next pushes to HubSpot use this mapping.');
    expect(vi.mocked(sendMessage).mock.calls.at(-1)?.[1]).toMatchObject({ listId: '31' });
    cleanup();

    vi.mocked(sendMessage).mockImplementation((async () => ({ ok: true, value: reply })) as never);
    render(<FieldMappingEditor target="hubspot" />);
    open();
    await screen.findByRole('combobox', { name: 'Owner of the records Dossier creates' });
    expect(screen.queryByRole('combobox', { name: 'Put every record Dossier pushes in' })).toBeNull();
  });

  it('switches a CRM with Leads and Contacts from one to the other by a button, and shows the new object’s fields', async () => {
    const asLeads: CrmMappingReply = { ...reply, recordType: 'lead' };
    const asContacts: CrmMappingReply = { ...reply, schema: { ...reply.schema, defaults: { jobTitle: 'Title' } }, recordType: 'contact' };
    vi.mocked(sendMessage).mockImplementation((async (name: string) =>
      name === 'crmSchema' ? { ok: true, value: asLeads } : { ok: true, value: { ...asContacts, message: 'People are pushed as Contacts, with their Account.' } }) as never);
    render(<FieldMappingEditor target="salesforce" />);
    open('Salesforce');
    expect(await screen.findByText(/People are pushed as Leads\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Push as Contacts with their Account instead' }));
    expect((await screen.findByRole('status')).textContent).toBe('People are pushed as Contacts, with their Account.');
    expect(vi.mocked(sendMessage).mock.calls.at(-1)).toEqual(['crmSetRecordType', { target: 'salesforce', recordType: 'contact' }]);
    expect(screen.getByRole('button', { name: 'Push as Leads instead' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Phone goes into/ })).toBeNull();
  });
});
