import { findPhoneNumbersInText, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { phoneCandidates, type PhoneCandidate } from '@/lib/scan/content/phone-candidates';

/**
 * The `max` metadata checks each region's digit patterns, not only lengths: with the default
 * `min` metadata `isValid()` is length-only and any 10-digit id is "valid" somewhere. The
 * scanner is opt-in and loaded only where the user allowed it, so the extra weight is paid
 * only there.
 */

export interface PhoneMatch {
  /** E.164 */
  value: string;
  display: string;
  index: number;
}

function international(run: string): PhoneNumber | undefined {
  // Written with `+`: the writer meant a phone number; a possible length is enough.
  if (run.startsWith('+')) {
    const parsed = parsePhoneNumberFromString(run);
    return parsed?.isPossible() ? parsed : undefined;
  }
  // `0044 20 …`: the international prefix of most of the world, whatever the page's region.
  const digits = run.replace(/\D/g, '');
  if (/^00[1-9]/.test(digits)) {
    const parsed = parsePhoneNumberFromString(`+${digits.slice(2)}`);
    return parsed?.isValid() ? parsed : undefined;
  }
  return undefined;
}

/**
 * Whether a national-form match is written the way people in that region dial it. Where the
 * national format starts with a trunk `0` (most of Europe), a number written without it is
 * something else (`arXiv:2401.12345`, a timestamp). Where numbers are written in groups, a
 * bare run of digits with no trunk prefix (`2147483647`) reads as an id, not as a number.
 */
function writtenAsDialled(number: PhoneNumber, written: string): boolean {
  const digits = written.replace(/\D/g, '');
  const national = number.formatNational();
  const nationalDigits = national.replace(/\D/g, '');
  const trunk = nationalDigits.slice(0, Math.max(0, nationalDigits.length - number.nationalNumber.length));
  if (trunk === '0' && !digits.startsWith('0')) return false;
  const separated = /\D/.test(written.trim());
  return separated || digits.length > number.nationalNumber.length || !/\D/.test(national);
}

/** Phone numbers written in `text`, as E.164; national numbers need the page's region. */
export function findPhones(text: string, region?: CountryCode): PhoneMatch[] {
  return phonesIn(phoneCandidates(text), region);
}

/**
 * The numbers libphonenumber-js confirms among candidates already cut from a text (the
 * scanner cuts them before asking whether the text shows, and asks this only for text that does).
 */
export function phonesIn(candidates: readonly PhoneCandidate[], region?: CountryCode): PhoneMatch[] {
  const matches: PhoneMatch[] = [];
  for (const candidate of candidates) {
    for (const match of phonesInRun(candidate.text, region)) matches.push({ ...match, index: candidate.index + match.index });
  }
  return matches;
}

// A page repeats its numbers (a footer on every card, a support line in every menu); the
// parse of a run depends only on the run and the region.
const RUN_CACHE_LIMIT = 500;
const runCache = new Map<string, PhoneMatch[]>();

/** The numbers in one candidate run, indexes relative to the run. */
function phonesInRun(run: string, region?: CountryCode): PhoneMatch[] {
  const key = `${region ?? ''}|${run}`;
  let matches = runCache.get(key);
  if (matches) return matches;
  matches = parseRun(run, region);
  if (runCache.size >= RUN_CACHE_LIMIT) runCache.delete(runCache.keys().next().value!);
  runCache.set(key, matches);
  return matches;
}

function parseRun(run: string, region?: CountryCode): PhoneMatch[] {
  const display = run.trim();
  const direct = international(run);
  if (direct) return [{ value: direct.number, display, index: 0 }];
  if (!region) return [];
  const matches: PhoneMatch[] = [];
  // The matcher finds each valid number in the run (two numbers can share one run).
  for (const found of findPhoneNumbersInText(run, { defaultCountry: region })) {
    const shown = run.slice(found.startsAt, found.endsAt).trim();
    if (!found.number.isValid() || !writtenAsDialled(found.number, shown)) continue;
    matches.push({ value: found.number.number, display: shown, index: found.startsAt });
  }
  return matches;
}

/** The number of a `tel:` link; the link says it is a phone number, so a possible one is enough. */
export function phoneFromTel(href: string, region?: CountryCode): PhoneMatch | undefined {
  let body = href.replace(/^\s*tel:/i, '').split(/[;?]/)[0] ?? '';
  try {
    body = decodeURIComponent(body);
  } catch {
    // A malformed escape: read the raw text.
  }
  const parsed = parsePhoneNumberFromString(body, region);
  return parsed?.isPossible() ? { value: parsed.number, display: body.trim(), index: 0 } : undefined;
}
