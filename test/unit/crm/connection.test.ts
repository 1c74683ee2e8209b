import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionInputSchema, connectionKey, connectionOrigin, summarise, type StoredConnection } from '@/lib/crm/connection';
import { learnAbout, readConnections, writeConnection } from '@/lib/crm/worker/storage';
import { redact } from '@/lib/crm/worker/http';

describe('CRM connections', () => {
  it.each([
    [{ kind: 'hubspot', token: 'pat-na1-abcdef123456' }, true],
    [{ kind: 'hubspot', token: 'pat-na1-abcdef123456', apiBase: 'http://127.0.0.1:9911/' }, true],
    [{ kind: 'hubspot', token: 'pat-na1-abcdef123456', apiBase: 'http://api.hubapi.com' }, false],
    [{ kind: 'hubspot', token: 'pat na1' }, false],
    [{ kind: 'pipedrive', token: 'pd-token-123456', domain: 'https://Acme.pipedrive.com/' }, true],
    [{ kind: 'pipedrive', token: 'pd-token-123456', domain: 'acme/../evil' }, false],
    [{ kind: 'webhook', url: 'https://hooks.example/catch/1?x=2', secret: 'sixteen-chars-ok' }, true],
    [{ kind: 'webhook', url: 'http://hooks.example/catch', secret: 'sixteen-chars-ok' }, false],
    [{ kind: 'webhook', url: 'https://user:pw@hooks.example/', secret: 'sixteen-chars-ok' }, false],
    [{ kind: 'webhook', url: 'https://hooks.example/', secret: 'short' }, false],
  ])('%j valid: %s', (input, valid) => {
    expect(connectionInputSchema.safeParse(input).success).toBe(valid);
  });

  it('defaults and host permissions: https://api.hubapi.com and https://<domain>.pipedrive.com', () => {
    expect(connectionOrigin(connectionInputSchema.parse({ kind: 'hubspot', token: 'pat-na1-abcdef123456' }))).toBe('https://api.hubapi.com/*');
    const pipedrive = connectionInputSchema.parse({ kind: 'pipedrive', token: 'pd-token-123456', domain: 'Acme' });
    expect(pipedrive).toMatchObject({ domain: 'acme' });
    expect(connectionOrigin(pipedrive)).toBe('https://acme.pipedrive.com/*');
  });

  it('summaries never carry a token, a secret, or a webhook path', () => {
    const connections: StoredConnection[] = [
      { kind: 'hubspot', token: 'pat-na1-abcdef123456', portalId: 1 },
      { kind: 'pipedrive', token: 'pd-token-123456', domain: 'acme' },
      { kind: 'webhook', url: 'https://hooks.example/catch/123/secret-path', secret: 'sixteen-chars-ok' },
    ];
    const text = JSON.stringify(connections.map(summarise));
    for (const secret of ['pat-na1-abcdef123456', 'pd-token-123456', 'sixteen-chars-ok', 'secret-path']) expect(text).not.toContain(secret);
    expect(summarise(connections[2]!)).toMatchObject({ host: 'hooks.example', address: 'https://hooks.example/…', maskedSecret: '••••s-ok' });
  });

  it('Attio: an API key, https://api.attio.com by default; the summary shows the host, never the key', () => {
    const attio = connectionInputSchema.parse({ kind: 'attio', token: ' 5d1e0f3a9b7c4e21a8f6 ' });
    expect(attio).toEqual({ kind: 'attio', token: '5d1e0f3a9b7c4e21a8f6' });
    expect(connectionOrigin(attio)).toBe('https://api.attio.com/*');
    expect(connectionInputSchema.safeParse({ kind: 'attio', token: '5d1e0f3a9b7c4e21a8f6', apiBase: 'http://api.attio.com' }).success).toBe(false);
    const summary = summarise({ kind: 'attio', token: '5d1e0f3a9b7c4e21a8f6', workspaceSlug: 'acme' });
    expect(summary).toMatchObject({ target: 'attio', label: 'Attio', host: 'api.attio.com', maskedSecret: '••••a8f6' });
    expect(JSON.stringify(summary)).not.toContain('5d1e0f3a9b7c4e21a8f6');
  });

  it('Pipedrive for a user who may not add fields: the settings card says what is lost, until the field exists', () => {
    const pipedrive = { kind: 'pipedrive', token: 'pd0123456789abcdef', domain: 'acme' } as const;
    expect(summarise(pipedrive)).not.toHaveProperty('limits');
    expect(summarise({ ...pipedrive, profileFieldDenied: true }).limits).toBe(
      'Your Pipedrive user may not add fields: profile links go into the note, and matching by profile link is off until an admin adds the “Dossier profile URL” person field or gives you that right.',
    );
    expect(summarise({ ...pipedrive, profileFieldDenied: true, profileFieldKey: 'a'.repeat(40) })).not.toHaveProperty('limits');
  });

  it('redacts secrets from any text', () => {
    expect(redact('GET https://x.example/?api_token=pd-token-123456 failed', ['pd-token-123456'])).toBe('GET https://x.example/?api_token=*** failed');
  });
});

describe('what a connection learns is kept on that connection only', () => {
  const salesforce = {
    kind: 'salesforce',
    clientId: '3MVG9emulatedConsumerKey.0123456789',
    loginHost: 'production',
    recordType: 'lead',
    token: '00D000000000001!first-access-token',
    refreshToken: '5Aep8-refresh-token-of-this-grant',
    instanceUrl: 'https://acme.my.salesforce.com',
  } as const;

  it('an OAuth CRM refreshed twice keeps the second token too (its access token is not what names the connection)', async () => {
    fakeBrowser.reset();
    await writeConnection(salesforce);
    const key = connectionKey(salesforce);
    await learnAbout('salesforce', key, { token: '00D000000000001!second-access-token' });
    await learnAbout('salesforce', key, { token: '00D000000000001!third-access-token' });
    expect((await readConnections()).salesforce).toMatchObject({ token: '00D000000000001!third-access-token' });
  });

  it('a connection replaced meanwhile (another grant, another key) learns nothing from the old one', async () => {
    fakeBrowser.reset();
    await writeConnection(salesforce);
    const old = connectionKey(salesforce);
    await writeConnection({ ...salesforce, refreshToken: '5Aep8-refresh-token-of-a-new-grant' });
    await learnAbout('salesforce', old, { token: '00D000000000001!stale-access-token' });
    expect((await readConnections()).salesforce).toMatchObject({ token: salesforce.token });
    const hubspot = { kind: 'hubspot', token: 'pat-na1-abcdef123456' } as const;
    await writeConnection(hubspot);
    await learnAbout('hubspot', 'pat-na1-another-token', { portalId: 1 });
    expect((await readConnections()).hubspot).not.toHaveProperty('portalId');
    await learnAbout('hubspot', connectionKey(hubspot), { portalId: 2 });
    expect((await readConnections()).hubspot).toMatchObject({ portalId: 2 });
  });
});
