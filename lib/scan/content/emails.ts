/**
 * Email addresses in page text. Pages are full of things shaped like addresses that are
 * not: retina assets (`promote@2x.png`), package versions (`react@18.2.0`), URL userinfo
 * (`http://user@host`), bare hosts (`user@localhost`). The grammar is strict and every
 * match is checked against those look-alikes.
 */

export interface EmailMatch {
  value: string;
  display: string;
  index: number;
}

// Extensions of files a page references; none of them is a TLD anyone mails (.zip and .mov
// are TLDs, but `file@v2.zip` is a file far more often than an address).
const ASSET_EXTENSIONS = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'bmp', 'ico', 'tif', 'tiff', 'heic',
  'css', 'scss', 'less', 'js', 'mjs', 'cjs', 'jsx', 'tsx', 'json', 'map', 'wasm',
  'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp3', 'mp4', 'm4a', 'webm', 'ogg', 'wav', 'mov', 'avi',
  'pdf', 'txt', 'csv', 'xml', 'html', 'htm', 'php', 'zip', 'gz', 'tgz', 'min', 'lock',
]);

const ATOM = '[\\p{L}\\p{N}_%+\\-]+';
// linkify-it accepts quoted segments (`test."foo".bar@…`); spaces and @ never appear inside.
const QUOTED = '"[^"\\s@\\\\]+"';
const LOCAL = `(?:${ATOM}|${QUOTED})(?:\\.(?:${ATOM}|${QUOTED}))*`;
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\-]{0,61}[\\p{L}\\p{N}])?';
const TLD = '(?:\\p{L}{2,63}|xn--[a-z0-9\\-]{2,59})';
// Not followed by more of a name or host: `a@b.com1`, `a@b.com@c`, `a@b.com-x`.
const EMAIL = new RegExp(`${LOCAL}@(?:${LABEL}\\.)+${TLD}(?![\\p{L}\\p{N}_@\\-]|\\.[\\p{L}\\p{N}])`, 'giu');

// Text before the address, back to the last delimiter: `http://user:` means URL userinfo.
const TOKEN_DELIMITERS = /[\s()[\]<>"'`,;]/u;
const MAX_LOOKBEHIND = 200;

function isInsideUrl(text: string, index: number): boolean {
  let start = index;
  while (start > 0 && index - start < MAX_LOOKBEHIND && !TOKEN_DELIMITERS.test(text.charAt(start - 1))) start -= 1;
  const before = text.slice(start, index);
  return before.includes('://') || before.startsWith('//');
}

function isLookAlike(address: string): boolean {
  const at = address.lastIndexOf('@');
  const labels = address.slice(at + 1).split('.');
  const tld = labels[labels.length - 1]!.toLowerCase();
  if (ASSET_EXTENSIONS.has(tld)) return true;
  // `lib@1.0.0.min` and friends: hosts have at most one all-digit label (`x@163.com`).
  if (labels.filter((label) => /^\d+$/.test(label)).length >= 2) return true;
  return at > 64 || address.length > 254;
}

// What a local part can end with (an atom's character, a quoted segment's quote).
const LOCAL_END = /[\p{L}\p{N}_%+\-"]/u;

/**
 * Whether `text` may hold an address: an `@` right after a local part's last character, with
 * a dot after it. Every match of the grammar has both, so no address is lost; `@handles`,
 * `@2x` assets without an extension and lone `@`s are dropped before any regex runs.
 */
export function mayHoldEmail(text: string): boolean {
  for (let at = text.indexOf('@', 1); at !== -1; at = text.indexOf('@', at + 1)) {
    if (text.indexOf('.', at + 2) === -1) return false;
    const before = text.charCodeAt(at - 1);
    // The second half of an astral letter (𝐀, rare CJK): the regex decides.
    if ((before >= 0xdc00 && before <= 0xdfff) || LOCAL_END.test(text.charAt(at - 1))) return true;
  }
  return false;
}

const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/u.test(String.fromCharCode(code)));

/**
 * The stretches of `text` between spaces that hold an `@`. An address holds no space (quoted
 * segments exclude them too) and exactly one `@`, so the grammar finds the same matches in
 * these as in the whole text, without trying every word of a paragraph as a local part.
 */
function* wordsWithAt(text: string): Generator<[start: number, end: number]> {
  for (let at = text.indexOf('@'); at !== -1; ) {
    let start = at;
    while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start -= 1;
    let end = at + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end += 1;
    yield [start, end];
    at = text.indexOf('@', end);
  }
}

/** Every address in `text`, lowercased, in order (duplicates kept: the caller dedupes). */
export function findEmails(text: string): EmailMatch[] {
  if (!mayHoldEmail(text)) return [];
  const matches: EmailMatch[] = [];
  for (const [start, end] of wordsWithAt(text)) {
    const word = text.slice(start, end);
    // `exec` on the shared regex: `matchAll` would clone it for every word.
    EMAIL.lastIndex = 0;
    for (let match = EMAIL.exec(word); match; match = EMAIL.exec(word)) {
      const display = match[0];
      const index = start + match.index;
      const before = text.charAt(index - 1);
      // A local part cannot start after a dot or another @: this is the tail of something else.
      if (before === '.' || before === '@') continue;
      if (isLookAlike(display) || isInsideUrl(text, index)) continue;
      matches.push({ value: display.toLowerCase(), display, index });
    }
  }
  return matches;
}

/** Addresses of a `mailto:` link (`mailto:a@x.com,b@x.com?subject=…`). */
export function emailsFromMailto(href: string): EmailMatch[] {
  const body = href.replace(/^\s*mailto:/i, '').split('?')[0] ?? '';
  let decoded = body;
  try {
    decoded = decodeURIComponent(body);
  } catch {
    // A malformed escape: read the raw text.
  }
  return findEmails(decoded.replace(/,/g, ' '));
}
