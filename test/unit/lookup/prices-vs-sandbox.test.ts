import { beforeAll, describe, expect, it } from 'vitest';
import { createEnrichmentClient, type EnrichmentClient } from '@/lib/api';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '@/lib/lookup/worker/operations';
import { DEFAULT_PREFERENCES, type Preferences } from '@/lib/settings/preferences';
import { createSandboxApp, type Sandbox } from '@/sandbox/app';
import { defaultDirectory } from '@/sandbox/directory';
import { OPERATIONS as SANDBOX_OPERATIONS } from '@/sandbox/operations';
import { maxCost, type PricedOperation } from '@/sandbox/prices';
import type { FullFlags } from '@/sandbox/records/full';

/**
 * The price the client shows before a click is the most the sandbox can charge for that
 * lookup, for every operation and every combination of the full-enrichment flags: the client
 * runs each operation against the sandbox in process, and the request it really sent (path and
 * flags) is priced by the sandbox's own maxCost.
 */

const KEY = 'sandbox-demo-key';
const BASE_URL = 'http://sandbox.test/api/ingress/';
const MAYA = 'https://www.linkedin.com/in/maya-chen';

const INPUTS: Record<OperationName, unknown> = {
  enrichPerson: { profileUrl: MAYA },
  enrichCompany: { company: 'Northwind Analytics' },
  findWorkEmail: { fullName: 'Maya Chen', company: 'Northwind Analytics' },
  searchPhone: { profileUrl: MAYA },
  searchPersonalEmail: { email: 'maya.chen@mail.example' },
  reversePhone: { phone: '+14155550110' },
  microblogProfile: { username: 'mayabuilds' },
  microblogByEmail: { email: 'maya.chen@mail.example' },
};

const FLAG_NAMES = ['companyPremium', 'companyFull', 'personFull', 'phoneFull', 'whatsappCheck'] as const satisfies readonly (keyof FullFlags)[];

/** Every combination of the five flags (32). */
const COMBINATIONS: FullFlags[] = Array.from({ length: 1 << FLAG_NAMES.length }, (_, bits) =>
  Object.fromEntries(FLAG_NAMES.map((name, i) => [name, Boolean(bits & (1 << i))])) as unknown as FullFlags,
);

function prefsWith(flags: FullFlags): Preferences {
  const prefs = structuredClone(DEFAULT_PREFERENCES);
  prefs.lookups.fullFlags = { ...flags };
  return prefs;
}

let sandbox: Sandbox;
let sent: URL[];
let client: EnrichmentClient;

beforeAll(() => {
  sandbox = createSandboxApp({ log: () => undefined, rateLimitPerSecond: 100_000 });
  sent = [];
  client = createEnrichmentClient({
    baseUrl: BASE_URL,
    apiKey: KEY,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push(new URL(request.url));
      return sandbox.app.fetch(request);
    },
  });
});

/** The sandbox operation a request went to, by its route table, and the flags it carried. */
function pricedBySandbox(url: URL): number {
  const path = url.pathname.replace(/^\/api\/ingress/, '');
  const operation = SANDBOX_OPERATIONS.find((op) => op.paths.includes(path));
  if (!operation) throw new Error(`no sandbox operation answers ${path}`);
  const flags = Object.fromEntries(FLAG_NAMES.map((name) => [name, url.searchParams.get(name) === 'true']));
  return maxCost(operation.name as PricedOperation, flags);
}

describe('the price shown before a click is the most the sandbox can charge', () => {
  it.each(OPERATION_NAMES)('%s, under every combination of the full-enrichment flags', async (name) => {
    const op = OPERATIONS[name];
    for (const flags of COMBINATIONS) {
      const prefs = prefsWith(flags);
      const input = op.input.parse(INPUTS[name]);
      sent.length = 0;
      const result = await op.run(client, input as never, prefs);
      expect(result.ok, `${name} ${JSON.stringify(flags)}`).toBe(true);
      const last = sent.at(-1)!;
      const shown = op.maxPrice(prefs);
      expect(shown, `${name} ${JSON.stringify(flags)}`).toBe(pricedBySandbox(last));
      if (result.ok) expect(result.creditBurn).toBeLessThanOrEqual(shown);
    }
  });

  it('phone numbers on: no person in the directory costs more than the price shown, and someone costs exactly that', async () => {
    const op = OPERATIONS.enrichPerson;
    const prefs = prefsWith({ companyPremium: true, companyFull: false, personFull: false, phoneFull: true, whatsappCheck: false });
    const shown = op.maxPrice(prefs);
    expect(shown).toBe(92);
    const burns: number[] = [];
    for (const person of defaultDirectory().people) {
      const result = await op.run(client, op.input.parse({ profileUrl: person.networkUrl }) as never, prefs);
      if (!result.ok) throw new Error(`${person.slug}: ${result.error.message}`);
      burns.push(result.creditBurn);
    }
    expect(Math.max(...burns)).toBe(shown);
    expect(burns.filter((burn) => burn === shown).length).toBeGreaterThanOrEqual(1);
    // Phones off: 2 for everyone, whatever they carry.
    const off = prefsWith({ ...prefs.lookups.fullFlags, phoneFull: false });
    expect(op.maxPrice(off)).toBe(2);
  });
});
