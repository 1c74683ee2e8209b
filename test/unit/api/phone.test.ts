import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseReportedPhone, parseTypedPhone, toRegion } from '@/lib/enrichment/phone';

interface RegionExamples {
  countryCode: string;
  nationalPrefix: string | null;
  mobile?: string;
  fixedLine?: string;
}

/** libphonenumber's own example numbers (see /work/shared/fixtures/README.md). */
const EXAMPLES = JSON.parse(
  readFileSync('/work/shared/fixtures/phone/libphonenumber/example-numbers.derived.json', 'utf8'),
) as Record<string, RegionExamples>;

/** The fixture's metadata revision differs from the one libphonenumber-js bundles for these. */
const METADATA_DRIFT = new Set(['ZW']);

const geographic = Object.entries(EXAMPLES).filter(([region]) => /^[A-Z]{2}$/.test(region) && !METADATA_DRIFT.has(region));
const mobiles = geographic.flatMap(([region, r]) => (r.mobile ? [[region, r.countryCode, r.mobile] as const] : []));

describe('typed numbers (strict: a wrong one would spend a paid lookup)', () => {
  it('covers most regions', () => {
    expect(mobiles.length).toBeGreaterThan(200);
  });

  it.each(mobiles)('%s mobile in international form', (_region, countryCode, national) => {
    expect(parseTypedPhone(`+${countryCode} ${national}`)?.e164).toBe(`+${countryCode}${national}`);
  });

  it.each([
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['07400 123456', 'GB', '+447400123456'],
    ['(201) 555-0123', 'US', '+12015550123'],
    ['030 123456', 'DE', '+4930123456'],
    ['02 1234 5678', 'IT', '+390212345678'],
  ])('%s read in %s', (typed, region, e164) => {
    expect(parseTypedPhone(typed, toRegion(region))?.e164).toBe(e164);
  });

  it('reads 00 and bare country-code prefixes when no region is given', () => {
    expect(parseTypedPhone('0044 7400 123456')?.e164).toBe('+447400123456');
    expect(parseTypedPhone('447400123456')?.e164).toBe('+447400123456');
  });

  it.each(['', 'abc', '+33 6 12', '+1 555 0100', '+999 1234567', '12'])('refuses %j', (typed) => {
    expect(parseTypedPhone(typed)).toBeUndefined();
  });

  it('gives the international display form', () => {
    expect(parseTypedPhone('+33612345678')).toEqual({ e164: '+33612345678', international: '+33 6 12 34 56 78' });
  });
});

describe('reported numbers (lenient: a number the gateway sold us is kept)', () => {
  it.each(mobiles)('%s: national digits beside a calling code', (_region, countryCode, national) => {
    expect(parseReportedPhone({ text: national, countryCode })?.e164).toBe(`+${countryCode}${national}`);
  });

  it.each([
    [{ text: '0612345678', countryCode: '+33' }, '+33612345678'],
    [{ text: '06 12 34 56 78', countryCode: 'FR' }, '+33612345678'],
    [{ text: '33612345678', countryCode: '33' }, '+33612345678'],
    [{ text: '0033 6 12 34 56 78' }, '+33612345678'],
    [{ text: '+44 7400 123456', countryCode: '33' }, '+447400123456'],
  ])('%j', (parts, e164) => {
    expect(parseReportedPhone(parts)?.e164).toBe(e164);
  });

  it('does not guess a country for bare digits', () => {
    expect(parseReportedPhone({ text: '612345678' })).toBeUndefined();
  });
});
