/**
 * Telephone ranges that regulators set aside for fiction and documentation. The directory may
 * only use these, so that no synthetic record can ever ring a real person.
 */

export type PhoneKind = 'mobile' | 'landline' | 'landline-or-mobile';

export interface FictionRange {
  country: string;
  pattern: RegExp;
  kind: PhoneKind;
  source: string;
}

export const FICTION_RANGES: readonly FictionRange[] = [
  // NANP reserves NXX-555-0100..0199 everywhere; the numbers carry no mobile/landline distinction.
  { country: 'US/CA', pattern: /^\+1[2-9]\d{2}55501\d{2}$/, kind: 'landline-or-mobile', source: 'NANPA 555-01XX' },
  { country: 'GB', pattern: /^\+442079460\d{3}$/, kind: 'landline', source: 'Ofcom drama numbers, London 020 7946 0xxx' },
  { country: 'GB', pattern: /^\+447700900\d{3}$/, kind: 'mobile', source: 'Ofcom drama numbers, mobile 07700 900xxx' },
  { country: 'FR', pattern: /^\+3319900\d{4}$/, kind: 'landline', source: 'ARCEP fiction range 01 99 00 xx xx' },
  { country: 'FR', pattern: /^\+3363998\d{4}$/, kind: 'mobile', source: 'ARCEP fiction range 06 39 98 xx xx' },
  { country: 'AU', pattern: /^\+61491570\d{3}$/, kind: 'mobile', source: 'ACMA fiction range 0491 570 xxx' },
  { country: 'AU', pattern: /^\+61[2378](5550|7010)\d{4}$/, kind: 'landline', source: 'ACMA fiction ranges 0X 5550 xxxx / 0X 7010 xxxx' },
];

export function fictionRangeOf(e164: string): FictionRange | undefined {
  return FICTION_RANGES.find((range) => range.pattern.test(e164));
}
