import { foldName } from '@/lib/identity/keys';
import { cleanText } from '@/lib/platform/text';

const words = (name: string) => foldName(name).split(' ').filter(Boolean);

// Letters that accent-stripping leaves alone, and the German spelling of umlauts that
// slugs use (`juergen-weiss` for Jürgen Weiß).
const SPECIAL_LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

// Votes compare every reading with every other: fold each string once. Bounded, since a
// long-lived single-page app keeps this module alive across many pages.
const folded = new Map<string, string[][]>();
const MAX_FOLDED = 256;

function spellings(name: string): string[][] {
  let result = folded.get(name);
  if (!result) {
    if (folded.size >= MAX_FOLDED) folded.clear();
    result = computeSpellings(name);
    folded.set(name, result);
  }
  return result;
}

function computeSpellings(name: string): string[][] {
  const lower = name.toLowerCase();
  const plain = lower.replace(/[ßøæœłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
  const german = plain.normalize('NFC').replace(/[äöü]/g, (letter) => UMLAUTS[letter] ?? letter);
  return Array.from(new Set([lower, plain, german])).map(words);
}

function agreeAsWords(left: string[], right: string[]): boolean {
  if (left.length === 0 || right.length === 0) return false;
  if (left.join('') === right.join('')) return true;
  const [fewer, more] = left.length <= right.length ? [left, right] : [right, left];
  // Names are a handful of words: a linear search beats building a set.
  return fewer.every((word) => more.includes(word));
}

// Profile slugs end in a generated id when the plain name was taken (`jane-doe-8a1b2c3d`,
// `jane-doe-12345`): any token with a digit, or a long run of hex letters, is not a name.
const ID_TOKEN = /\d|^[a-f]{7,}$/i;

/** A weak guess at a person's or company's name from a URL slug; undefined when the slug is only an id. */
export function nameFromSlug(slug: string): string | undefined {
  const tokens = slug.split(/[-_.]+/).filter(Boolean);
  while (tokens.length > 0 && ID_TOKEN.test(tokens[tokens.length - 1]!)) tokens.pop();
  if (tokens.length === 0 || tokens.some((token) => /\d/.test(token))) return undefined;
  const capitalised = tokens.map((token) => {
    const [first = '', ...rest] = Array.from(token);
    return first.toLocaleUpperCase() + rest.join('');
  });
  return cleanText(capitalised.join(' '), 100);
}

/**
 * Two readings name the same person or company when one's words are all among the other's
 * ("Jane Doe" and "Dr. Jane Doe, PhD"), or when they differ only in spacing (`janedoe`).
 * Case, accents, punctuation and emoji do not count.
 */
export function namesAgree(a: string, b: string): boolean {
  const right = spellings(b);
  return spellings(a).some((left) => right.some((other) => agreeAsWords(left, other)));
}

export function namesShareAWord(a: string, b: string): boolean {
  const pool = spellings(b).flat();
  return spellings(a).some((left) => left.some((word) => pool.includes(word)));
}

/** Latin-script names can be compared with a Latin slug; others (Cyrillic, CJK…) cannot. */
export function isLatinName(name: string): boolean {
  const ascii = (spellings(name).at(-1) ?? []).join(' ');
  return /[a-z]/.test(ascii) && !/[^a-z0-9 ]/.test(ascii);
}
