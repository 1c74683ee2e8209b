import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Person } from '../directory';
import { fictionRangeOf, type PhoneKind } from '../fiction-phones';

export interface PhoneFacts {
  number: string;
  displayInternational: string;
  /** ISO 3166-1 alpha-2 of the number's region, e.g. `CA` for +1 416. */
  countryCode: string;
  type: PhoneKind;
  whatsapp: boolean;
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
      type: fictionRangeOf(number)?.kind ?? 'landline-or-mobile',
      whatsapp: person.whatsapp[index] ?? false,
    };
  });
}

export function displayInternational(number: string): string {
  return parsePhoneNumberFromString(number)?.formatInternational() ?? number;
}
