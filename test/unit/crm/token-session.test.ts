import { describe, expect, it, vi } from 'vitest';
import { fail, ok, type CrmResult } from '@/lib/crm/types';
import { createTokenSession } from '@/lib/crm/worker/web-auth/session';

/** A CRM that accepts only the current token, as Salesforce and Zoho do once a token expires. */
function aCrm() {
  let current = 'token-2';
  let token = 'token-1';
  const refresh = vi.fn(async (): Promise<CrmResult<{ token: string; apiBase: string }>> => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return ok({ token: current, apiBase: 'https://eu.crm.example' });
  });
  const learn = vi.fn(async (learnt: { token: string; apiBase: string }) => {
    token = learnt.token;
  });
  const secrets = ['token-1', 'refresh-1'];
  const call = vi.fn(async (): Promise<CrmResult<string>> =>
    token === current ? ok(`answered with ${token}`) : fail({ kind: 'auth', retryable: false, status: 401, message: 'Session expired.' }),
  );
  return { refresh, learn, secrets, call, rotate: (next: string) => (current = next), session: createTokenSession({ secrets, refresh, learn }) };
}

describe('an OAuth session’s token renewal (Salesforce, Zoho)', () => {
  it('an expired token is renewed once for calls that expire together; each call is repeated once with the new token', async () => {
    const crm = aCrm();
    const answers = await Promise.all([crm.session.withFreshToken(crm.call), crm.session.withFreshToken(crm.call)]);
    expect(answers).toEqual([ok('answered with token-2'), ok('answered with token-2')]);
    expect(crm.refresh).toHaveBeenCalledTimes(1);
    expect(crm.learn).toHaveBeenCalledWith({ token: 'token-2', apiBase: 'https://eu.crm.example' });
    // The new token is scrubbed from messages like the old one.
    expect(crm.secrets).toContain('token-2');
    expect(crm.call).toHaveBeenCalledTimes(4);
  });

  it('a token that expires again later is renewed again', async () => {
    const crm = aCrm();
    await crm.session.withFreshToken(crm.call);
    crm.rotate('token-3');
    expect(await crm.session.withFreshToken(crm.call)).toEqual(ok('answered with token-3'));
    expect(crm.refresh).toHaveBeenCalledTimes(2);
  });

  it('a refresh the CRM refuses is the answer, and the call is not repeated', async () => {
    const crm = aCrm();
    crm.refresh.mockResolvedValueOnce(fail({ kind: 'auth', retryable: false, status: 400, message: 'The sign-in was revoked.' }));
    expect(await crm.session.withFreshToken(crm.call)).toMatchObject({ ok: false, error: { message: 'The sign-in was revoked.' } });
    expect(crm.call).toHaveBeenCalledTimes(1);
    expect(crm.learn).not.toHaveBeenCalled();
  });

  it('any other failure is returned as it is, without a refresh', async () => {
    const crm = aCrm();
    const down = vi.fn(async (): Promise<CrmResult<string>> => fail({ kind: 'unavailable', retryable: true, status: 503, message: 'Down.' }));
    expect(await crm.session.withFreshToken(down)).toMatchObject({ ok: false, error: { status: 503 } });
    expect(crm.refresh).not.toHaveBeenCalled();
  });
});
