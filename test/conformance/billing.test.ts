import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY, expectError, json, SMALL, startHarness, type Harness } from '@/test/conformance/helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimitPerSecond: 1000 });
});
afterAll(() => h.stop());

function creditBurnOf(body: Record<string, unknown>): number {
  const data = body.data as Record<string, unknown> | undefined;
  return Number(data?.creditBurn ?? body.creditBurn);
}

const MAYA_URL = 'https://www.linkedin.com/in/maya-chen';

describe('billing', () => {
  it('the balance falls by exactly the sum of creditBurn over a series of lookups, misses and failures included', async () => {
    const apiId = await h.freshKey(10_000);
    const before = await h.balance(apiId);
    const series: [string, Record<string, string>][] = [
      ['v2/full', { data: MAYA_URL }], // 2
      ['v2/full', { data: MAYA_URL, phoneFull: 'true', personFull: 'true' }], // 2 + 30 for her one mobile: repeats are paid again (the client's ledger avoids them)
      ['v2/full', { data: 'https://www.linkedin.com/in/nobody-at-all' }], // miss: 0
      ['v2/full', {}], // bad request: 0
      ['v2/full', { data: 'Northwind Analytics', companyPremium: 'true' }], // 2
      ['v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' }], // 1
      ['v6/findEmail', { fullName: 'Chloé Martin', company: 'Brightwater Labs' }], // MostProbable: 0
      ['v6/findEmail', { fullName: 'Ada Lovelace', company: 'Northwind Analytics' }], // NotFound: 0
      ['v8/findEmail', { fullName: 'Imogen Clarke', company: 'Juniper Ledger' }], // 1
      ['v1/search', { username: MAYA_URL }], // 30
      ['v1/search', { username: 'https://www.linkedin.com/in/priya-raman' }], // no phone: 0
      ['v1/searchByEmail', { email: 'maya.chen@mail.example' }], // 1
      ['v1/reverse_email', { email: 'aoife.byrne@post.example' }], // EU, restricted: 0
      ['v1/searchByPhone', { phone: '+14155550110' }], // 1
      ['v1/reverse_phone_lookup', { phone: '+14155550199' }], // miss: 0
      ['v1/twitter/by_username', { username: 'mayabuilds' }], // 1
      ['v1/twitter/by_email', { email: 'nobody@mail.example' }], // miss: 0
      ['v1/getCredit', {}], // 0
      ['v1/mine', {}], // 0
    ];
    let burnt = 0;
    for (const [path, params] of series) {
      const res = await h.get(path, params, { apiId });
      if (res.status === 200) burnt += creditBurnOf(await json(res));
    }
    expect(burnt).toBe(2 + 32 + 2 + 1 + 1 + 30 + 1 + 1 + 1);
    expect(await h.balance(apiId)).toBe(before - burnt);

    const ledger = await h.ledger(apiId);
    expect(ledger.balance).toBe(before - burnt);
    expect(ledger.charges.reduce((sum, charge) => sum + charge.creditBurn, 0)).toBe(burnt);
    expect(ledger.charges.every((charge) => charge.creditBurn > 0)).toBe(true);
    expect(ledger.charges.map((c) => c.path)).toEqual([
      '/v2/full', '/v2/full', '/v2/full', '/v6/findEmail', '/v8/findEmail', '/v1/search', '/v1/searchByEmail', '/v1/searchByPhone', '/v1/twitter/by_username',
    ]);
    expect(ledger.charges.every((charge) => !Number.isNaN(Date.parse(charge.at)))).toBe(true);
    // Every request to /api/ingress counts, free ones too (and the two balance reads of this test).
    expect(ledger.requests).toBe(series.length + 2);
  });

  it('prices: full 2, verified email 1, Most Probable 0, phone 30, personal email 1, reverse phone 1, microblog 1, balance 0', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['v2/full', { data: MAYA_URL }, 2],
      ['v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' }, 1],
      ['v6/findEmail', { fullName: 'Harriet Kestrel', company: 'Kestrel & Finch' }, 0],
      ['v1/search', { email: 'maya.chen@mail.example' }, 30],
      ['v1/searchByEmail', { email: 'maya.chen@mail.example' }, 1],
      ['v1/searchByPhone', { phone: '+14155550110' }, 1],
      ['v1/twitter/by_username', { username: 'mayabuilds' }, 1],
      ['v1/twitter/by_email', { email: 'maya.chen@mail.example' }, 1],
      ['v1/getCredit', {}, 0],
    ];
    for (const [path, params, price] of cases) {
      const apiId = await h.freshKey(1_000);
      const res = await h.get(path, params, { apiId });
      expect(res.status, path).toBe(200);
      expect(creditBurnOf(await json(res)), path).toBe(price);
      expect(await h.balance(apiId), path).toBe(1_000 - price);
    }
  });

  it('the empty key is refused every billable lookup with 500, code 13, even one that would miss or be free', async () => {
    const lookups: [string, Record<string, string>][] = [
      ['v2/full', { data: MAYA_URL }],
      ['v2/full', { data: 'https://www.linkedin.com/in/nobody-at-all' }],
      ['v6/findEmail', { fullName: 'Chloé Martin', company: 'Brightwater Labs' }],
      ['v1/search', { username: MAYA_URL }],
      ['v1/searchByEmail', { email: 'maya.chen@mail.example' }],
      ['v1/searchByPhone', { phone: '+14155550110' }],
      ['v1/twitter/by_username', { username: 'mayabuilds' }],
      ['v1/twitter/by_email', { email: 'maya.chen@mail.example' }],
    ];
    for (const [path, params] of lookups) {
      const body = await expectError(await h.get(path, params, { apiId: EMPTY }), 500, 13);
      expect(body.message).toBe("can't get credit");
    }
  });

  it('the empty key still reads its balance, and is told about malformed requests first', async () => {
    expect(await h.balance(EMPTY)).toBe(0);
    await expectError(await h.get('v2/full', {}, { apiId: EMPTY }), 400, 3);
  });

  it('a lookup that would cost more than the balance is refused (500/13) and costs nothing; cheaper ones still work', async () => {
    const apiId = await h.freshKey(29);
    await expectError(await h.get('v1/search', { username: MAYA_URL }, { apiId }), 500, 13);
    expect(await h.balance(apiId)).toBe(29);
    expect((await h.get('v2/full', { data: MAYA_URL }, { apiId })).status).toBe(200);
    expect(await h.balance(apiId)).toBe(27);
  });

  it('a miss is still a miss (404/5, free) for a key whose balance is too low for a match', async () => {
    const apiId = await h.freshKey(1);
    await expectError(await h.get('v1/search', { username: 'https://www.linkedin.com/in/priya-raman' }, { apiId }), 404, 5);
    expect(await h.balance(apiId)).toBe(1);
  });

  it('the small key (100 credits) runs out after three phones, then only cheaper lookups pass, down to 0', async () => {
    expect(await h.balance(SMALL)).toBe(100);
    const phones = ['https://www.linkedin.com/in/maya-chen', 'https://www.linkedin.com/in/alex-morgan', 'https://www.linkedin.com/in/ming-li-8c1f2a', 'https://www.linkedin.com/in/emilie-lefevre'];
    const statuses: number[] = [];
    for (const username of phones) statuses.push((await h.get('v1/search', { username }, { apiId: SMALL })).status);
    expect(statuses).toEqual([200, 200, 200, 500]);
    expect(await h.balance(SMALL)).toBe(10);
    for (let i = 0; i < 5; i += 1) expect((await h.get('v2/full', { data: MAYA_URL }, { apiId: SMALL })).status).toBe(200);
    expect(await h.balance(SMALL)).toBe(0);
    await expectError(await h.get('v6/findEmail', { fullName: 'Maya Chen', company: 'Northwind Analytics' }, { apiId: SMALL }), 500, 13);
  });

  it('credits are not charged when the request fails authentication', async () => {
    const apiId = await h.freshKey(50);
    await expectError(await h.get('v2/full', { data: MAYA_URL }, { apiId: `${apiId} ` }), 401, 16);
    expect(await h.balance(apiId)).toBe(50);
  });
});
