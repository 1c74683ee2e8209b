import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js';

export interface PhoneNumbers {
  /** `+33612345678`: the identity used for the ledger and for queries. */
  e164: string;
  /** `+33 6 12 34 56 78`: for display. */
  international: string;
}

export function toRegion(value: string | undefined): CountryCode | undefined {
  const upper = value?.trim().toUpperCase();
  return upper && isSupportedCountry(upper) ? upper : undefined;
}

/**
 * What a user typed. When the country is certain (a `+` or `00` prefix, or a region given),
 * a number of possible length is accepted: bundled metadata lags new ranges, and a miss is
 * free. When we have to guess the country ourselves (`33…` typed bare), only a valid number
 * is believed, so that digits are not sent off as some other country's number.
 */
export function parseTypedPhone(text: string, defaultRegion?: CountryCode): PhoneNumbers | undefined {
  const explicit = /^\s*(\+|00|tel:)/i.test(text) || defaultRegion !== undefined;
  const direct = parsePhoneNumberFromString(text, defaultRegion);
  if (direct && (direct.isValid() || (explicit && direct.isPossible()))) return numbers(direct);
  const digits = text.replace(/[\s().-]/g, '');
  if (/^00[1-9]\d{6,14}$/.test(digits)) {
    const international = parsePhoneNumberFromString(`+${digits.slice(2)}`);
    if (international?.isPossible()) return numbers(international);
  }
  if (!defaultRegion && /^[1-9]\d{6,14}$/.test(digits)) {
    const guessed = parsePhoneNumberFromString(`+${digits}`);
    if (guessed?.isValid()) return numbers(guessed);
  }
  return undefined;
}

export interface ReportedPhoneParts {
  text?: string;
  /** A calling code (`33`, `+33`) or a region (`FR`), in whatever form the gateway sent it. */
  countryCode?: string;
}

/**
 * What the gateway returned. Number plans change faster than bundled metadata, so a number
 * that is merely possible is kept rather than dropped.
 */
export function parseReportedPhone({ text, countryCode }: ReportedPhoneParts): PhoneNumbers | undefined {
  if (!text?.trim()) return undefined;
  const region = toRegion(countryCode);
  const callingCode = countryCode?.trim().replace(/^\+/, '');
  // Bare digits are ambiguous; only the country sent beside them says how to read them.
  const parsed = region
    ? parsePhoneNumberFromString(text, region)
    : callingCode && /^\d{1,3}$/.test(callingCode)
      ? parsePhoneNumberFromString(text, { defaultCallingCode: callingCode })
      : parsePhoneNumberFromString(text);
  if (parsed?.isPossible()) return numbers(parsed);
  const digits = text.replace(/\D/g, '');
  if (/^\s*00/.test(text)) {
    const international = parsePhoneNumberFromString(`+${digits.slice(2)}`);
    if (international?.isPossible()) return numbers(international);
  }
  return undefined;
}

function numbers(phone: PhoneNumber): PhoneNumbers {
  return { e164: phone.number, international: phone.formatInternational() };
}
