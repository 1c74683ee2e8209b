import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Person } from '@/sandbox/directory';
import { fictionRangeOf } from '@/sandbox/fiction-phones';

/** The line as the gateway states it: every phone it returns says which. */
export type LineType = 'mobile' | 'landline';

export interface PhoneFacts {
  number: string;
  displayInternational: string;
  /** ISO 3166-1 alpha-2 of the number's region, e.g. `CA` for +1 416. */
  countryCode: string;
  type: LineType;
  whatsapp: boolean;
}

/**
 * The range says mobile or landline where the regulator's does. The North American fiction
 * range says neither; there the directory lists a person's direct line first, so the sandbox
 * states it as their mobile and any later number as a landline, as a gateway that knows the
 * carrier would.
 */
function lineType(number: string, index: number): LineType {
  const kind = fictionRangeOf(number)?.kind;
  if (kind === 'mobile' || kind === 'landline') return kind;
  return index === 0 ? 'mobile' : 'landline';
}

/** Everything the records say about a person's phones, derived from the E.164 numbers. */
export function phoneFacts(person: Person): PhoneFacts[] {
  return person.phones.map((number, index) => {
    const parsed = parsePhoneNumberFromString(number);
    return {
      number,
      displayInternational: parsed?.formatInternational() ?? number,
      // Fiction ranges are often "invalid" to libphonenumber-js (no `country`); the calling
      // code's main country is then the honest answer (+44 7700 900xxx is GB).
      countryCode: parsed?.country ?? parsed?.getPossibleCountries()[0] ?? '',
      type: lineType(number, index),
      whatsapp: person.whatsapp[index] ?? false,
    };
  });
}

export function displayInternational(number: string): string {
  return parsePhoneNumberFromString(number)?.formatInternational() ?? number;
}
