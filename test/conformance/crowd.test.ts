import { describe, expect, it } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { createSandboxApp } from '@/sandbox/app';
import { defaultDirectory } from '@/sandbox/directory';
import { buildCrowd, CROWD_MAX } from '@/sandbox/tools/generate-directory';

const apiId = 'sandbox-demo-key';

describe('the crowd (people for bulk runs)', () => {
  const crowd = buildCrowd(CROWD_MAX);
  const directory = defaultDirectory();

  it('is the same on every build, and distinct from the directory in names, slugs, emails and phones', () => {
    expect(buildCrowd(20)).toEqual({ companies: crowd.companies, people: crowd.people.slice(0, 20) });
    const unique = (values: (string | null)[]) => expect(new Set(values).size).toBe(values.length);
    const everyone = [...directory.people, ...crowd.people];
    unique(everyone.map((p) => p.slug));
    unique(everyone.flatMap((p) => (p.email ? [p.email] : [])));
    unique([...everyone.flatMap((p) => p.phones), ...[...directory.companies, ...crowd.companies].flatMap((c) => (c.phone ? [c.phone] : []))]);
    unique(crowd.people.map((p) => p.fullName));
    expect(crowd.people.some((p) => directory.people.some((d) => d.fullName === p.fullName))).toBe(false);
  });

  it('uses only valid numbers from the ranges reserved for fiction', () => {
    for (const phone of crowd.people.flatMap((p) => p.phones)) {
      expect(phone).toMatch(/^\+3363998[5-9]\d{3}$/);
      expect(parsePhoneNumberFromString(phone)?.isValid()).toBe(true);
    }
  });

  it('refuses a size it cannot hold', () => {
    expect(() => buildCrowd(CROWD_MAX + 1)).toThrow(/0 to/);
  });

  it('is served by the interface and not listed on the demo pages', async () => {
    const { app } = createSandboxApp({ crowd: 50, log: () => {} });
    const person = buildCrowd(50).people[49]!;
    const full = await app.fetch(new Request(`http://sandbox/api/ingress/v2/full?apiId=${apiId}&data=${encodeURIComponent(person.networkUrl)}`));
    expect(full.status).toBe(200);
    expect(((await full.json()) as { data: { fullName: string } }).data.fullName).toBe(person.fullName);
    const index = await (await app.fetch(new Request('http://sandbox/pages'))).text();
    expect(index).not.toContain(person.fullName);
    const without = createSandboxApp({ log: () => {} }).app;
    expect((await without.fetch(new Request(`http://sandbox/api/ingress/v2/full?apiId=${apiId}&data=${encodeURIComponent(person.networkUrl)}`))).status).toBe(404);
  });
});
