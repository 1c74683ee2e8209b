import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { HUBSPOT_SCOPES } from '@/lib/crm/connection';
import { createHubspotAdapter } from '@/lib/crm/worker/hubspot/adapter';
import { missingScopesOf } from '@/lib/crm/worker/hubspot/wire';
import { t } from '@/lib/platform/i18n';
import { HUBSPOT_PORTAL_ID, HUBSPOT_SCOPE_OF, HUBSPOT_TOKEN, startHubspotEmulator } from '@/test/emulators/hubspot';
import { contact, instantRetry, memoryProgress } from '@/test/unit/crm/fixtures';

type Emulator = Awaited<ReturnType<typeof startHubspotEmulator>>;
let hs: Emulator;

const adapter = (): CrmAdapter =>
  createHubspotAdapter({ kind: 'hubspot', token: HUBSPOT_TOKEN, apiBase: hs.origin, portalId: HUBSPOT_PORTAL_ID, ownerId: '7001', listId: '31' }, { learn: async () => {}, now: () => Date.UTC(2026, 0, 15), retry: instantRetry() });

async function push(crm: CrmAdapter) {
  const who = contact();
  const match = await crm.find(who, null);
  if (!match.ok) return match;
  return crm.apply(crm.plan(who, match.value, { overwrite: [] }), who, memoryProgress().context());
}

beforeAll(async () => {
  hs = await startHubspotEmulator();
});
afterAll(() => hs.server.close());
beforeEach(() => {
  hs.state.reset();
  hs.control.reset();
});

describe('HubSpot scopes', () => {
  it('the token hint names every scope the endpoints Dossier calls require, and nothing else', () => {
    expect(new Set(HUBSPOT_SCOPES)).toEqual(new Set(HUBSPOT_SCOPE_OF.map((s) => s.scope)));
    const hint = t('crm.settings.hubspotTokenHint', { scopes: HUBSPOT_SCOPES.join(', ') });
    for (const scope of HUBSPOT_SCOPES) expect(hint).toContain(scope);
  });

  it('with exactly those scopes, connecting, the field mapping and a push with owner, list, company and note all work', async () => {
    expect((await adapter().test()).ok).toBe(true);
    expect((await adapter().schema!()).ok).toBe(true);
    expect(await push(adapter())).toMatchObject({ ok: true, value: { action: 'created' } });
    expect(hs.state.notes.size).toBe(1);
    expect(hs.state.memberships.get('31')?.size).toBe(1);
    expect(hs.control.log.every((r) => r.status !== 403)).toBe(true);
  });

  it('the field mapping names the owners and lists scopes it lacks, both at once, instead of a bare 403', async () => {
    hs.state.scopes.delete('crm.objects.owners.read');
    hs.state.scopes.delete('crm.lists.read');
    const schema = await adapter().schema!();
    expect(schema).toMatchObject({ ok: false, error: { kind: 'auth', status: 403, code: 'MISSING_SCOPES', scopes: [['crm.objects.owners.read'], ['crm.lists.read']] } });
    const message = schema.ok ? '' : schema.error.message;
    expect(message).toContain('crm.objects.owners.read');
    expect(message).toContain('crm.lists.read');
    expect(message).not.toContain('developers.hubspot.com');
  });

  it('a push the token may not make says which scope to add (contacts write, lists write), not retried', async () => {
    expect((await adapter().test()).ok).toBe(true);
    hs.state.scopes.delete('crm.objects.contacts.write');
    expect(await push(adapter())).toMatchObject({ ok: false, error: { kind: 'auth', retryable: false, message: expect.stringContaining('crm.objects.contacts.write') } });
    hs.state.scopes = new Set(HUBSPOT_SCOPE_OF.map((s) => s.scope));
    hs.state.scopes.delete('crm.lists.write');
    expect(await push(adapter())).toMatchObject({ ok: false, error: { kind: 'auth', message: expect.stringContaining('crm.lists.write') } });
  });

  it('reads the scopes from either form HubSpot has answered with, and nothing from other refusals', () => {
    const body = (context: object) => ({ status: 'error', message: "This app hasn't been granted all required scopes to make this call.", correlationId: 'x', category: 'MISSING_SCOPES', errors: [{ message: 'One or more of the following scopes are required.', context }], links: { scopes: 'https://developers.hubspot.com/scopes' } });
    expect(missingScopesOf(body({ requiredGranularScopes: ['crm.objects.owners.read'] }))).toEqual(['crm.objects.owners.read']);
    expect(missingScopesOf(body({ requiredScopes: ['contacts'] }))).toEqual(['contacts']);
    expect(missingScopesOf({ status: 'error', message: 'nope', category: 'VALIDATION_ERROR' })).toBeNull();
  });

  it('Test connection without the schema read scope says so', async () => {
    hs.state.scopes.delete('crm.schemas.contacts.read');
    expect(await adapter().test()).toMatchObject({ ok: false, error: { kind: 'auth', message: expect.stringContaining('crm.schemas.contacts.read') } });
  });
});
