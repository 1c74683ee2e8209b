import { readFileSync } from 'node:fs';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { findPhones, phoneFromTel } from '@/lib/scan/content/phones';

/** libphonenumber's example numbers (see /work/shared/fixtures/README.md), read in place. */
type RegionExamples = Record<string, string | null> & { countryCode: string; nationalPrefix: string | null };
const EXAMPLES = JSON.parse(readFileSync('/work/shared/fixtures/phone/libphonenumber/example-numbers.derived.json', 'utf8')) as Record<string, RegionExamples>;
const NOT_NUMBER_TYPES = new Set(['countryCode', 'internationalPrefix', 'nationalPrefix']);

/**
 * Where the fixture's metadata revision and the one libphonenumber-js bundles disagree
 * (Benin moved to 10-digit numbers; Zimbabwe's ranges changed), the bundled one wins.
 */
const METADATA_DRIFT = new Set(['BJ', 'ZW']);
/** The prefilter wants a run of at least 7 digits: shorter ones are mostly amounts, postcodes and ids. */
const MIN_DIGITS = 7;

interface Example {
  region: CountryCode;
  type: string;
  e164: string;
}

const examples: Example[] = Object.entries(EXAMPLES)
  .filter(([region]) => /^[A-Z]{2}$/.test(region))
  .flatMap(([region, data]) =>
    Object.entries(data).flatMap(([type, national]) =>
      NOT_NUMBER_TYPES.has(type) || typeof national !== 'string' ? [] : [{ region: region as CountryCode, type, e164: `+${data.countryCode}${national}` }],
    ),
  );

/** The forms people write a number in; national forms as libphonenumber formats them for the region. */
function writtenForms(example: Example): Array<{ form: string; text: string; region?: CountryCode }> {
  const parsed = parsePhoneNumberFromString(example.e164);
  const national = parsed?.formatNational() ?? '';
  const cc = EXAMPLES[example.region]!.countryCode;
  return [
    { form: 'international', text: `+${cc} ${example.e164.slice(cc.length + 1)}` },
    { form: 'international, formatted', text: parsed?.formatInternational() ?? example.e164 },
    { form: 'national, formatted', text: national, region: example.region },
    { form: 'national, digits only', text: national.replace(/\D/g, ''), region: example.region },
  ];
}

function justifiedMiss(example: Example, text: string): string | undefined {
  if (METADATA_DRIFT.has(example.region)) return 'metadata drift';
  if (text.replace(/\D/g, '').length < MIN_DIGITS) return `fewer than ${MIN_DIGITS} digits as written`;
  // A bare digit run that does not start with a trunk prefix reads as an id (see phones.ts).
  const parsed = parsePhoneNumberFromString(example.e164)!;
  if (!/\D/.test(text) && text.length <= parsed.nationalNumber.length && /\D/.test(parsed.formatNational())) return 'bare digits without a trunk prefix';
  return undefined;
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

// Thousands of numbers in every written form: about 2 s alone, many times that on a busy machine.
describe('phone finder recall over libphonenumber example numbers', { timeout: 60_000 }, () => {
  it('finds every example number, in every written form, as the right E.164', () => {
    expect(examples.length).toBeGreaterThan(1000);
    const byForm = new Map<string, { total: number; found: number; justified: number; unjustified: string[] }>();
    for (const example of examples) {
      for (const { form, text, region } of writtenForms(example)) {
        const tally = byForm.get(form) ?? { total: 0, found: 0, justified: 0, unjustified: [] };
        byForm.set(form, tally);
        tally.total += 1;
        const found = findPhones(`Call ${text} today.`, region).map((match) => match.value);
        if (found.includes(example.e164)) tally.found += 1;
        else if (justifiedMiss(example, text)) tally.justified += 1;
        else tally.unjustified.push(`${example.region} ${example.type} "${text}" → ${found.join(',') || 'nothing'}`);
      }
    }
    for (const [form, tally] of byForm) {
      const eligible = tally.total - tally.justified;
      console.log(
        `[phone] recall, ${form}: ${tally.found}/${tally.total} = ${percent(tally.found / tally.total)} overall; ` +
          `${tally.found}/${eligible} = ${percent(tally.found / eligible)} excluding ${tally.justified} justified misses (short numbers, metadata drift, bare digits without a trunk prefix)`,
      );
      expect(tally.unjustified).toEqual([]);
      // Bare national digits are the deliberate trade: in regions that group digits, an
      // ungrouped run without its trunk prefix is far more often an id than a number.
      if (form !== 'national, digits only') expect(tally.found / tally.total).toBeGreaterThanOrEqual(form.startsWith('international') ? 0.99 : 0.94);
    }
  });
});

/** Digit runs that are not phone numbers, as they appear on profiles, pages and in data. */
const NEGATIVES = [
  'Published 2024-05-01, updated 2024-05-01T10:30:00Z.',
  'Due 01/02/2024 and 12.03.2024 and 31-12-2023.',
  'Open 09:00–17:30, lunch 12.30-13.30.',
  'Experience: 2019 - 2023, 2015 – 2019',
  'Jan 2019 - Present · 5 yrs 4 mos',
  'Version 1.2.3.4, build 10.0.19041.1234, release 2.10.4.1',
  'Server 192.168.100.200 and 10.20.30.40',
  'Price: $1,234,567.00 or €1 234 567,00 or 1 234 567 € or USD 4500000',
  'Total 1234567.89 paid',
  'Order #88412345, order no. 2024-05-01-7731, Order ID: 4471829374',
  'Invoice 20240501-0042, ref 7731004512, tracking 1Z999AA10123456784',
  'Commit a3f91234567e9b0c, sha 3f9a1b27733412bd8e, hash 0x1234567890abcdef',
  'UUID 123e4567-e89b-12d3-a456-426614174000',
  'ISBN 978-0-00-000000-2, ISBN-10 0-306-40615-2, 9780306406157',
  'Coordinates 48.856614, 2.352222 and -33.868820 151.209296',
  'Population 67,750,000 (2023); area 551 695 km²',
  'Followers 12,345,678 · 1,234,567 likes',
  'Card ending 4242 4242 4242 4242',
  'IBAN DE89 3704 0044 0532 0130 00',
  'https://example.com/posts/12345678/comments/87654321',
  'image_20240501_123456.jpg and IMG-20240501-WA0001',
  'Timestamp 1714567890123 (ms) and 1714567890',
  'Patent US 10,123,456 B2',
  'DOI 10.1000/182 and arXiv:2401.12345',
  'Width 1234567px; z-index: 2147483647',
];

/** Numbers written as people write them, with the region a page would give. */
const POSITIVES: Array<[text: string, region: CountryCode | undefined, e164: string]> = [
  ['Call +44 20 7946 0958 now', undefined, '+442079460958'],
  ['Tel: 020 7946 0958', 'GB', '+442079460958'],
  ['Phone (415) 555-2671 (office)', 'US', '+14155552671'],
  ['Mobile: 415.555.2671', 'US', '+14155552671'],
  ['Standard 01 23 45 67 89', 'FR', '+33123456789'],
  ['Tél. 01.23.45.67.89', 'FR', '+33123456789'],
  ['Portable : +33 6 12 34 56 78', 'FR', '+33612345678'],
  ['Telefon 030 1234567', 'DE', '+49301234567'],
  ['Tel. 030/1234567', 'DE', '+49301234567'],
  ['Büro: +49 (0)30 1234 5678', 'DE', '+493012345678'],
  ['Llámanos al 912 345 678', 'ES', '+34912345678'],
  ['WhatsApp +55 11 91234-5678', undefined, '+5511912345678'],
  ['Zentrale 0041 44 668 18 00', 'DE', '+41446681800'],
  ['Switchboard: +1-212-555-0123', undefined, '+12125550123'],
  ['Ring 0412 345 678', 'AU', '+61412345678'],
  ['電話 03-1234-5678', 'JP', '+81312345678'],
];

describe('phone finder precision', () => {
  it.each(NEGATIVES.flatMap((text) => (['US', 'GB', 'FR', 'DE', undefined] as const).map((region) => [text, region] as const)))(
    '%s (%s) has no phone number',
    (text, region) => {
      expect(findPhones(text, region)).toEqual([]);
    },
  );

  // Grouped like numbers but outside every numbering plan (exchanges and area codes no one is
  // given). The region's digit patterns (libphonenumber-js's 'max' metadata) turn them away; the
  // 'min' metadata, 20 KB smaller, checks each country's overall pattern only and accepts them.
  it.each(['call 246 070 6278', '(767) 0573680', 'call 784 359 0235', '(684) 7089916', 'call 345 786 7595'])('%s (US) is in no numbering plan', (text) => {
    expect(findPhones(text, 'US')).toEqual([]);
  });

  it.each(POSITIVES)('%s (%s) → %s', (text, region, e164) => {
    expect(findPhones(text, region).map((match) => match.value)).toEqual([e164]);
  });

  it('reports precision and recall over the mixed corpus', () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    for (const [text, region, e164] of POSITIVES) {
      const found = findPhones(text, region).map((match) => match.value);
      truePositives += found.filter((value) => value === e164).length;
      falsePositives += found.filter((value) => value !== e164).length;
      falseNegatives += found.includes(e164) ? 0 : 1;
    }
    for (const text of NEGATIVES) for (const region of ['US', 'GB', 'FR', 'DE', undefined] as const) falsePositives += findPhones(text, region).length;
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      `[phone] precision ${percent(precision)} (${falsePositives} false positives over ${NEGATIVES.length} negative lines × 5 regions), ` +
        `recall ${percent(recall)} over ${POSITIVES.length} hand-written positives`,
    );
    expect(precision).toBe(1);
    expect(recall).toBe(1);
  });
});

describe('a run seen before', () => {
  it('is read the same in another text and region, at its own place in each', () => {
    expect(findPhones('Call 020 7946 0958 today.', 'GB')).toEqual([{ value: '+442079460958', display: '020 7946 0958', index: 5 }]);
    expect(findPhones('Desk: 020 7946 0958', 'GB')).toEqual([{ value: '+442079460958', display: '020 7946 0958', index: 6 }]);
    // The same digits are another number, or none, where the region differs.
    expect(findPhones('Desk: 020 7946 0958', 'FR').map((match) => match.value)).not.toContain('+442079460958');
    expect(findPhones('Desk: 020 7946 0958')).toEqual([]);
  });
});

describe('tel: links', () => {
  it('accepts a possible number, since the link says it is one', () => {
    expect(phoneFromTel('tel:+44-20-7946-0958')?.value).toBe('+442079460958');
    expect(phoneFromTel('TEL:020%207946%200958', 'GB')?.value).toBe('+442079460958');
    expect(phoneFromTel('tel:+1-415-555-2671;ext=12')?.value).toBe('+14155552671');
    expect(phoneFromTel('tel:12')).toBeUndefined();
    expect(phoneFromTel('tel:%E0%A4%A')).toBeUndefined();
  });
});

describe('runs between spaces of any kind, and many runs in one text', () => {
  it('finds a number set off by a tab, a line break or a no-break space, and still drops one glued to a word', () => {
    expect(findPhones('call\t020 7946 0958\n', 'GB').map((match) => match.value)).toEqual(['+442079460958']);
    expect(findPhones('call\u00a0020 7946 0958\r\nthanks', 'GB').map((match) => match.value)).toEqual(['+442079460958']);
    expect(findPhones('ref\tA02079460958 or x02079460958', 'GB')).toEqual([]);
  });

  it('reads every run of a text, and the next text from its start (the finders keep no place between texts)', () => {
    const text = 'Desk 020 7946 0958, fax 020 7946 0959, order 1234567890, mobile 07911 123456';
    const first = findPhones(text, 'GB').map((match) => match.value);
    expect(first).toEqual(['+442079460958', '+442079460959', '+447911123456']);
    expect(findPhones('020 7946 0960 first', 'GB').map((match) => match.index)).toEqual([0]);
    expect(findPhones(text, 'GB').map((match) => match.value)).toEqual(first);
  });
});
