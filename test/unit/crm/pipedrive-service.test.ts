import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createCrmService } from '@/lib/crm/worker/presence-check';
import { crmConnectionsItem } from '@/lib/crm/worker/storage';
import { appendHistory, readHistory, readHistoryEntries } from '@/lib/history/worker/store';
import { PIPEDRIVE_DOMAIN, PIPEDRIVE_TOKEN, startPipedriveEmulator } from '@/test/emulators/pipedrive';
import { AT } from '@/test/unit/crm/fixtures';

let pd: Awaited<ReturnType<typeof startPipedriveEmulator>>;
let ids = 0;
const service = () => createCrmService({ readHistory, readHistoryEntries, appendHistory: (e) => appendHistory(e, 10_000), now: () => AT, newId: () => `id-${++ids}`, wake: () => undefined });
const input = () => ({ kind: 'pipedrive' as const, token: PIPEDRIVE_TOKEN, domain: PIPEDRIVE_DOMAIN, apiBase: pd.origin });

beforeAll(async () => void (pd = await startPipedriveEmulator()));
afterAll(() => pd.server.close());
beforeEach(() => {
  fakeBrowser.reset();
  pd.state.reset();
  pd.control.reset();
});

describe('Pipedrive in the background, for a user who may not add fields', () => {
  it('connects, keeps that on the stored connection, and the settings card says it; "Test connection" once the right is given brings matching by link back', async () => {
    pd.state.fieldRights = false;
    const crm = service();
    const connected = await crm.connect(input());
    expect(connected.message).toContain('Connected to Pipedrive as Emulator Admin');
    expect(connected.message).toContain('matching by profile link is off');
    expect((await crmConnectionsItem.getValue())?.pipedrive).toMatchObject({ profileFieldDenied: true });
    expect(connected.connections[0]?.limits).toContain('profile links go into the note');

    // The free check from a profile page, before any credit is spent: no field is asked for.
    pd.control.log = [];
    expect(await crm.check({ profileUrl: 'https://www.linkedin.com/in/maya-chen/' })).toEqual([expect.objectContaining({ target: 'pipedrive', state: 'not_in_crm' })]);
    expect(pd.control.log.filter((r) => r.path.startsWith('/api/v1/personFields'))).toEqual([]);

    pd.state.fieldRights = true;
    expect((await crm.test('pipedrive')).message).not.toContain('matching by profile link is off');
    expect((await crmConnectionsItem.getValue())?.pipedrive).toMatchObject({ profileFieldDenied: false, profileFieldKey: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect((await crm.connections()).connections[0]).not.toHaveProperty('limits');
  });
});
