import { describe, expect, it } from 'vitest';
import { createEnrichmentClient, type ApiResult } from '@/lib/api';
import { RESULT_SCHEMAS } from '@/lib/lookup/results';
import type { OperationName, ResultOf } from '@/lib/lookup/operation-names';
import { createSandboxApp } from '@/sandbox/app';
import { defaultDirectory } from '@/sandbox/directory';

/**
 * A stored answer is read back through its operation's schema (lib/enrichment/model-schema.ts). Each
 * operation's answer, as the normalisers build it from the sandbox's records with every flag
 * on, must read back whole: a value the normalisers produce in a shape the schema does not
 * accept would make every stored answer of that operation unreadable.
 */

const sandbox = createSandboxApp({ log: () => undefined });
const client = createEnrichmentClient({
  baseUrl: 'http://sandbox.test/api/ingress/',
  apiKey: 'sandbox-demo-key',
  fetch: async (input, init) => sandbox.app.fetch(new Request(input, init)),
});
const people = defaultDirectory().people;
const maya = people.find((p) => p.slug === 'maya-chen')!;
const flags = { phoneFull: true, whatsappCheck: true, companyPremium: true, companyFull: true, personFull: true };

async function answer<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** What storage gives back: JSON, as IndexedDB's structured clone keeps it. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const answers: { [Op in OperationName]: () => Promise<ResultOf<Op>> } = {
  enrichPerson: () => answer(client.fullEnrich({ data: maya.networkUrl, ...flags })),
  enrichCompany: () => answer(client.enrichCompany({ company: 'northwind-analytics.example', companyFull: true })),
  findWorkEmail: () => answer(client.findWorkEmail({ fullName: maya.fullName, company: maya.company })),
  searchPhone: () => answer(client.searchPhone({ profileUrl: maya.networkUrl, whatsappCheck: true })),
  searchPersonalEmail: () => answer(client.searchPersonalEmail({ email: maya.personalEmail! })),
  reversePhone: () => answer(client.reversePhone({ phone: maya.phones[0]! })),
  microblogProfile: () => answer(client.microblogByUsername({ username: maya.microblogUsername! })),
  microblogByEmail: () => answer(client.microblogByEmail({ email: maya.email! })),
};

describe('each operation’s stored answer reads back as it was written', () => {
  it.each(Object.keys(answers) as OperationName[])('%s', async (op) => {
    const value = stored(await answers[op]());
    expect(RESULT_SCHEMAS[op].parse(value)).toEqual(value);
  });
});

describe('reading a stored answer', () => {
  const enrichment = { person: { fullName: 'Maya Chen', urls: [], emails: [], phones: [], extra: {} }, extra: {} };

  it('refuses one whose shape a screen relies on is broken', () => {
    expect(RESULT_SCHEMAS.enrichPerson.safeParse({ person: { emails: [{ address: 42 }] }, extra: {} }).success).toBe(false);
    expect(RESULT_SCHEMAS.reversePhone.safeParse({ person: enrichment.person }).success).toBe(false);
  });

  it('keeps fields this release does not know, so writing it back loses nothing', () => {
    const newer = { ...enrichment, person: { ...enrichment.person, pronouns: 'they/them' }, signals: ['hiring'] };
    expect(RESULT_SCHEMAS.enrichPerson.parse(newer)).toEqual(newer);
  });

  it('fills the lists an older record left out, and reads a phone type no longer used as not stated', () => {
    const old = { person: { fullName: 'Maya Chen', phones: [{ e164: '+14155550110', international: '+1 415 555 0110', type: 'other' }] } };
    expect(RESULT_SCHEMAS.enrichPerson.parse(old)).toEqual({
      person: { fullName: 'Maya Chen', urls: [], emails: [], phones: [{ e164: '+14155550110', international: '+1 415 555 0110' }], extra: {} },
      extra: {},
    });
  });
});
