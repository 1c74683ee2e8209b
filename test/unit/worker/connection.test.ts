import { describe, expect, it, vi } from 'vitest';
import { connectionStatus, fetchBalance, saveConnection, testConnection, type ConnectionDeps } from '@/lib/settings/worker/connection';
import type { StoredBalance } from '@/lib/balance/contract';
import { DEFAULT_GATEWAY, type Gateway } from '@/lib/settings/gateway';

type Reply = Awaited<ReturnType<ReturnType<ConnectionDeps['clientFor']>['getCredits']>>;

function deps(reply: Reply, key = 'sandbox-demo-key') {
  const stored: { gateway: Gateway; key: string; balance: StoredBalance | null } = { gateway: DEFAULT_GATEWAY, key, balance: null };
  const clientFor = vi.fn(() => ({ getCredits: async () => reply }));
  const d: ConnectionDeps = {
    readGateway: async () => stored.gateway,
    readApiKey: async () => stored.key,
    writeConnection: async (gateway, apiKey) => {
      stored.gateway = gateway;
      if (apiKey !== undefined) stored.key = apiKey;
    },
    readBalance: async () => stored.balance,
    writeBalance: async (b) => {
      stored.balance = b;
    },
    clientFor,
    now: () => 1_700_000_000_000,
  };
  return { d, stored, clientFor };
}

describe('connection', () => {
  it('reports status without ever exposing the key', async () => {
    const { d } = deps({ ok: true, value: { credits: 3 } });
    const status = await connectionStatus(d);
    expect(status).toMatchObject({ hasKey: true, maskedKey: '••••-key', isSandbox: true });
    expect(JSON.stringify(status)).not.toContain('sandbox-demo-key');
  });

  it('stores the fetched balance with its time', async () => {
    const { d, stored } = deps({ ok: true, value: { credits: 42 } });
    expect(await fetchBalance(d)).toEqual({ ok: true, value: { credits: 42, at: 1_700_000_000_000 } });
    expect(stored.balance).toEqual({ credits: 42, at: 1_700_000_000_000 });
  });

  it('asks for no balance without a key', async () => {
    const { d, clientFor } = deps({ ok: true, value: { credits: 1 } }, '');
    expect(await fetchBalance(d)).toMatchObject({ ok: false, error: { kind: 'no_key' } });
    expect(clientFor).not.toHaveBeenCalled();
  });

  it.each([
    [{ ok: true, value: { credits: 9 } }, { status: 'ok', credits: 9 }],
    [{ ok: true, value: { credits: 0 } }, { status: 'no_credits' }],
    [{ ok: false, error: { kind: 'invalid_key', message: 'bad key' } }, { status: 'invalid_key', message: expect.stringMatching(/^This key was not accepted\. Copy the key again/) }],
    [{ ok: false, error: { kind: 'no_credits', message: 'none' } }, { status: 'no_credits' }],
    [{ ok: false, error: { kind: 'network_error', message: 'down' } }, { status: 'unreachable' }],
    [{ ok: false, error: { kind: 'timeout', message: 'slow' } }, { status: 'unreachable' }],
    [{ ok: false, error: { kind: 'unexpected_response', message: 'odd' } }, { status: 'error' }],
  ] as [Reply, object][])('test connection: %j → %j', async (reply, expected) => {
    const { d } = deps(reply);
    expect(await testConnection(d, DEFAULT_GATEWAY, undefined)).toMatchObject(expected);
  });

  it('tests the key being typed, trimmed, rather than the saved one', async () => {
    const { d, clientFor } = deps({ ok: true, value: { credits: 1 } });
    await testConnection(d, DEFAULT_GATEWAY, ' typed-key\n');
    expect(clientFor).toHaveBeenCalledWith(DEFAULT_GATEWAY, 'typed-key');
  });

  it('saves a valid key trimmed, keeps the old key when none is typed, refuses an invalid one', async () => {
    const { d, stored } = deps({ ok: true, value: { credits: 1 } });
    const custom: Gateway = { kind: 'custom', url: 'https://gateway.example/api/ingress/' };
    expect(await saveConnection(d, custom, ' new-key\n')).toMatchObject({ ok: true, value: { isSandbox: false } });
    expect(stored).toMatchObject({ gateway: custom, key: 'new-key' });
    await saveConnection(d, DEFAULT_GATEWAY, undefined);
    expect(stored.key).toBe('new-key');
    expect(await saveConnection(d, DEFAULT_GATEWAY, 'has space')).toMatchObject({ ok: false });
    expect(stored.key).toBe('new-key');
  });

  it('checks a new key before saving it: a refused key is never saved, and says what to do', async () => {
    const { d, stored } = deps({ ok: false, error: { kind: 'invalid_key', message: 'bad key', retryable: false } }, 'old-key');
    expect(await saveConnection(d, DEFAULT_GATEWAY, 'wrong-key')).toMatchObject({ ok: false, error: { kind: 'invalid_key', message: expect.stringMatching(/not saved/) } });
    expect(stored.key).toBe('old-key');
  });

  it('a good new key is saved with the balance its check read, shown at once', async () => {
    const { d, stored } = deps({ ok: true, value: { credits: 250 } }, '');
    expect(await saveConnection(d, DEFAULT_GATEWAY, 'good-key')).toMatchObject({ ok: true, value: { hasKey: true, balance: { credits: 250 } } });
    expect(stored).toMatchObject({ key: 'good-key', balance: { credits: 250 } });
  });

  it('a gateway that cannot be reached refused nothing: the key is kept', async () => {
    const { d, stored } = deps({ ok: false, error: { kind: 'network_error', message: 'down', retryable: true } }, '');
    d.retryPolicy = { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 };
    expect(await saveConnection(d, DEFAULT_GATEWAY, 'new-key')).toMatchObject({ ok: true });
    expect(stored).toMatchObject({ key: 'new-key', balance: null });
  });
});
