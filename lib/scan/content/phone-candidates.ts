/**
 * The cheap half of phone finding: digit runs that could be phone numbers, minus the
 * shapes that are something else (dates, times, versions, IP addresses, amounts, decimal
 * coordinates, identifiers). Whether a run IS a number is libphonenumber-js's decision.
 */

// Spaces, dots, dashes (ASCII and typographic), parentheses; the slash for `030/1234567`.
const SEPARATORS = '[ \\u00a0.\\-\\u2010-\\u2013()/]';

/** A run of at least 7 digits, with up to 3 separators between digits and an optional leading `+`. */
export const PHONE_PREFILTER = new RegExp(`\\d(?:${SEPARATORS}{0,3}\\d){6}`);
/**
 * What every address or number (the run above) holds: the first, one-call test of a text. For an
 * address, what `mayHoldEmail` asks (an `@` after a character, a dot after it), in the regex:
 * `@handles` (most of X's `@`s) fail here, not in three calls after. The lookbehind runs only at
 * an `@`, so the engine still skips from one `@` or digit to the next.
 */
export const MAY_HOLD_CONTACT = new RegExp(`(?<=\\S)@[\\s\\S]+?\\.|${PHONE_PREFILTER.source}`);
const RUN = new RegExp(`(?:\\+\\s?)?\\(?\\d(?:${SEPARATORS}{0,3}\\d){6,}\\)?`, 'g');

export interface PhoneCandidate {
  text: string;
  index: number;
}

// Longer than any number with a country code (15 digits) plus a trunk prefix and slack.
const MAX_DIGITS = 17;
const CURRENCY = /[$€£¥₹₽₩¢]|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|INR)\b/;
const ID_KEYWORD = /(?:isbn|issn|order|invoice|ref|reference|id|sku|tracking|serial|iban|account|acct|patent|doi|build|version|#)\s*(?:no\.?|number|n°)?\s*[:#.=]?\s*$/i;
const YEAR = /^(?:19|20)\d{2}$/;

// Each shape with the number of digit groups it is written in: a run with another count cannot
// have it, and its regex is not run.
const NOT_PHONES: Array<{ shape: RegExp; groups: [min: number, max: number] }> = [
  { shape: /\b(?:19|20)\d{2}[-./\u2010-\u2013]\d{1,2}[-./\u2010-\u2013]\d{1,2}\b/, groups: [3, Infinity] }, // 2024-05-01
  { shape: /\b\d{1,2}[-./\u2010-\u2013]\d{1,2}[-./\u2010-\u2013](?:19|20)\d{2}\b/, groups: [3, Infinity] }, // 01.02.2024, 01/02/2024
  { shape: /^\d{1,2}[.:]\d{2}\s*[-\u2010-\u2013]\s*\d{1,2}[.:]\d{2}$/, groups: [4, 4] }, // 10.30-11.45
  { shape: /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/, groups: [4, 4] }, // 192.168.100.200
  { shape: /(?<![\d./])(?:[1-9]\d{0,2}|0)\.\d{4,}/, groups: [2, Infinity] }, // 48.856614 (a trunk-prefixed 030.1234567 starts with 0)
  { shape: /^\d{4,}[.,]\d{2}$/, groups: [2, 2] }, // 1234567.89
];

function hasNonPhoneShape(run: string): boolean {
  const groups = run.split(/\D+/).filter(Boolean);
  const digits = groups.join('');
  // Year lists and ranges: `2019 - 2023`, `2019 2020 2021`.
  if (groups.length >= 2 && groups.every((group) => YEAR.test(group))) return true;
  // Versions `10.0.19041.1234`; kept: French `01.23.45.67.89`, Belgian `02.123.45.67`.
  if (/^[\d.]+$/.test(run) && groups.length >= 4 && groups.slice(1).some((group) => group.length === 1 || group.length >= 4)) return true;
  // ISBN-13; a 978 area code has 10 digits.
  if (/^97[89]/.test(digits) && digits.length === 13) return true;
  const count = groups.length;
  return NOT_PHONES.some(({ shape, groups: [min, max] }) => count >= min && count <= max && shape.test(run));
}

/** A space, a tab, a line break, or past either end of the text (NaN). */
const isLoose = (code: number) => code === 32 || code === 160 || code === 9 || code === 10 || code === 13 || Number.isNaN(code);

/** Glued to a word, a hash, a path or a query: `a3f91234567`, `id=1234567`, `/1234567`, `1234567px`. */
function isGlued(text: string, start: number, end: number): boolean {
  // Most runs stand between spaces or at the text's edges: no test below can hold then.
  if (isLoose(text.charCodeAt(start - 1)) && isLoose(text.charCodeAt(end))) return false;
  const before = text.charAt(start - 1);
  const after = text.charAt(end);
  if (/[\p{L}\p{N}_#@/\\=&%$]/u.test(before) || /[\p{L}\p{N}_%@/\\]/u.test(after)) return true;
  // Joined by a hyphen or underscore to a word: UUIDs, slugs, `order-12345678`.
  if (/[-_]/.test(before) && /[\p{L}\p{N}]/u.test(text.charAt(start - 2))) return true;
  if (/[-_]/.test(after) && /[\p{L}\p{N}]/u.test(text.charAt(end + 1))) return true;
  // A thousands or decimal separator continues the number: `1,234,567`, `1234567,50`.
  return /[,.]/.test(after) && /\d/.test(text.charAt(end + 1));
}

function isAmountOrId(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 24), start);
  return CURRENCY.test(before.slice(-5)) || CURRENCY.test(text.slice(end, end + 5)) || ID_KEYWORD.test(before);
}

/** Digit runs of `text` worth asking libphonenumber-js about. */
export function phoneCandidates(text: string): PhoneCandidate[] {
  if (!PHONE_PREFILTER.test(text)) return [];
  const candidates: PhoneCandidate[] = [];
  // `exec` on the shared regex, not `matchAll`: matchAll clones the regex on every call,
  // which cost more than all the tests below together.
  RUN.lastIndex = 0;
  for (let match = RUN.exec(text); match; match = RUN.exec(text)) {
    let run = match[0];
    // A closing parenthesis belongs to the run only if it opened one.
    if (run.endsWith(')') && !run.includes('(')) run = run.slice(0, -1);
    const start = match.index;
    const end = start + run.length;
    // Cheapest tests first: most runs on a page are glued ids or amounts.
    if (isGlued(text, start, end) || run.replace(/\D/g, '').length > MAX_DIGITS) continue;
    if (isAmountOrId(text, start, end) || hasNonPhoneShape(run.replace(/^\+\s?/, ''))) continue;
    candidates.push({ text: run, index: start });
  }
  return candidates;
}
