/**
 * Page text is untrusted input: it may carry control characters, bidi overrides that
 * reorder what the panel shows, icon-font glyphs, runs of layout whitespace, or be
 * arbitrarily long.
 */

export const MAX_TEXT = 200;

// C0/C1 controls, zero-width spaces, bidi embeddings/overrides/isolates and BOM. ZWJ/ZWNJ
// (U+200C/U+200D) stay: they hold emoji sequences and some scripts together.
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

// Icon fonts draw their glyphs from the private use areas (a verified badge, a company
// icon): meaningless as text, so never part of a name, headline or company. U+FFFC stands
// for an embedded object.
const GLYPHS = /[\uE000-\uF8FF\uFFFC]|[\u{F0000}-\u{FFFFD}]|[\u{100000}-\u{10FFFD}]/gu;

/** Trimmed, whitespace-collapsed, control-free text capped at `max` characters; undefined when empty. */
export function cleanText(input: string | null | undefined, max = MAX_TEXT): string | undefined {
  if (!input) return undefined;
  // Cap before the regexes too, so a megabyte of text costs no more than a line.
  const text = input
    .slice(0, max * 4)
    .replace(INVISIBLE, '')
    .replace(GLYPHS, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  if (text.length <= max) return text;
  // Never cut an astral character (emoji, rare CJK) in half.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/** Text of an element without the text of its scripts or styles (an h1 may hold either). */
export function elementText(element: Element | null | undefined, max = MAX_TEXT): string | undefined {
  if (!element) return undefined;
  if (!element.querySelector('script, style, template')) return cleanText(element.textContent, max);
  const clone = element.cloneNode(true) as Element;
  for (const noise of Array.from(clone.querySelectorAll('script, style, template'))) noise.remove();
  return cleanText(clone.textContent, max);
}
