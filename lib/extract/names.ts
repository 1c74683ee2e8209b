import { foldName } from '../identity/keys';
import { cleanText } from './text';

const words = (name: string) => foldName(name).split(' ').filter(Boolean);

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
  const left = words(a);
  const right = words(b);
  if (left.length === 0 || right.length === 0) return false;
  if (left.join('') === right.join('')) return true;
  const [fewer, more] = left.length <= right.length ? [left, right] : [right, left];
  const pool = new Set(more);
  return fewer.every((word) => pool.has(word));
}

export function namesShareAWord(a: string, b: string): boolean {
  const pool = new Set(words(b));
  return words(a).some((word) => pool.has(word));
}

/** Latin-script names can be compared with a Latin slug; others (Cyrillic, CJK…) cannot. */
export function isLatinName(name: string): boolean {
  const folded = foldName(name);
  return /[a-z]/.test(folded) && !/[^a-z0-9 ]/.test(folded);
}
