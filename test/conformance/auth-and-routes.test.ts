import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectError, json, startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitPerSecond: 1000 });
});
afterAll(() => h.stop());

const INTERFACE_PATHS = ['v2/full', 'v6/findEmail', 'v1/search', 'v1/searchByEmail', 'v1/getCredit', 'v1/searchByPhone', 'v1/twitter/by_username', 'v1/twitter/by_email'];
const ALIASES = ['v8/findEmail', 'v1/reverse_email', 'v1/mine', 'v1/reverse_phone_lookup'];

describe('authentication: apiId in the query string, on every endpoint', () => {
  it.each([...INTERFACE_PATHS, ...ALIASES])('%s refuses a request without apiId with 401, code 16', async (path) => {
    const body = await expectError(await h.get(path, {}, { apiId: null }), 401, 16);
    expect(body.message).toBe('apiId is not valid');
  });

  it.each([...INTERFACE_PATHS, ...ALIASES])('%s refuses an unknown key with 401, code 16', async (path) => {
    await expectError(await h.get(path, {}, { apiId: 'not-a-key' }), 401, 16);
  });

  it('does not trim the key: whitespace around a valid key makes it invalid (trimming is the client’s job)', async () => {
    await expectError(await h.get('v1/getCredit', {}, { apiId: `${DEMO}\n` }), 401, 16);
    await expectError(await h.get('v1/getCredit', {}, { apiId: ` ${DEMO}` }), 401, 16);
  });

  it('compares keys case-sensitively and refuses an empty key', async () => {
    await expectError(await h.get('v1/getCredit', {}, { apiId: DEMO.toUpperCase() }), 401, 16);
    await expectError(await h.get('v1/getCredit', {}, { apiId: '' }), 401, 16);
  });

  it('refuses two different keys in one request', async () => {
    await expectError(await h.get('v1/getCredit', {}, { raw: 'apiId=sandbox-small-key' }), 401, 16);
  });

  it('does not read the key from a header', async () => {
    const res = await fetch(`${h.sandbox.url}v1/getCredit`, { headers: { apiId: DEMO, Authorization: `Bearer ${DEMO}` } });
    await expectError(res, 401, 16);
  });

  it('authenticates before validating parameters', async () => {
    await expectError(await h.get('v2/full', {}, { apiId: 'nope' }), 401, 16);
  });
});

describe('routes', () => {
  it.each(['v1/unknown', 'v3/full', 'v2/full/', 'api/v2/full', 'v1/twitter', 'v1/getcredit'])(
    'an unknown path (%s) answers 404 with a plain-text body, even with a valid key',
    async (path) => {
      const res = await h.get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type') ?? '').not.toMatch(/json/);
      const text = await res.text();
      expect(() => JSON.parse(text)).toThrow();
    },
  );

  it('a missing route (non-JSON 404) is distinguishable from a miss (JSON code 5)', async () => {
    const miss = await h.get('v2/full', { data: 'https://www.linkedin.com/in/nobody-at-all' });
    expect(miss.status).toBe(404);
    expect(await json(miss)).toEqual({ code: 5, message: 'Not found' });
  });

  it('only GET is served: other methods on an interface path are missing routes', async () => {
    const res = await fetch(`${h.sandbox.url}v1/getCredit?apiId=${DEMO}`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type') ?? '').not.toMatch(/json/);
    expect(await res.text()).toBe('404 Not Found');
  });

  it('answers JSON on interface paths', async () => {
    const res = await h.get('v1/getCredit');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it.each([
    ['v1/getCredit', 'v1/mine', {}],
    ['v6/findEmail', 'v8/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' }],
    ['v1/searchByEmail', 'v1/reverse_email', { email: 'maya.chen@mail.example' }],
    ['v1/searchByPhone', 'v1/reverse_phone_lookup', { phone: '+14155550110' }],
  ] as const)('the alias of %s (%s) answers exactly like it', async (path, alias, params) => {
    const [a, b] = await Promise.all([h.get(path, params), h.get(alias, params)]);
    expect(b.status).toBe(a.status);
    const [bodyA, bodyB] = [await json(a), await json(b)];
    // getCredit: the balance is the same since both are free.
    expect(bodyB).toEqual(bodyA);
  });

  it('aliases share the interface path’s errors', async () => {
    await expectError(await h.get('v1/reverse_phone_lookup', {}), 400, 3);
    await expectError(await h.get('v1/reverse_email', { email: 'nobody@mail.example' }), 404, 5);
    await expectError(await h.get('v1/mine', {}, { apiId: 'nope' }), 401, 16);
  });
});
