import { withoutConnectionDegree } from '@/lib/detect/content/badges';
import { namesAgree } from '@/lib/detect/content/names';
import { cleanText, elementText } from '@/lib/platform/text';
import { canonicalNetworkUrl } from '@/lib/detect/content/urls';
import { HEADLINE_AT, headlineSegments, splitTitleAtCompany } from '@/lib/detect/headline';

/**
 * Readers for the profile's top card and experience list that do not depend on class
 * names: they follow the document's structure from landmarks that survive redesigns
 * (the h1, the contact-info link, `data-view-name` attributes). Utility-class readers
 * are kept only as fallbacks.
 */

const MAX_LEVELS = 5;
const MAX_SIBLINGS = 3;
const MAX_BLOCK_CHARS = 400;

function shortText(element: Element): string | undefined {
  // A sibling holding a whole section is not a one-line field; do not read it.
  if (element.tagName === 'SECTION' || element.tagName === 'UL' || element.querySelector('h1, h2, section')) return undefined;
  const raw = element.textContent ?? '';
  return raw.length > MAX_BLOCK_CHARS ? undefined : cleanText(raw);
}

/**
 * The first short text found walking forward (or back) from `start` through its ancestors'
 * siblings, once a connection-degree badge beside it is set aside.
 */
function nearbyText(start: Element, direction: 'next' | 'previous', accept: (text: string) => boolean): string | undefined {
  let current: Element | null = start;
  for (let level = 0; current && level < MAX_LEVELS && current.tagName !== 'SECTION' && current.tagName !== 'MAIN'; level += 1) {
    let sibling = direction === 'next' ? current.nextElementSibling : current.previousElementSibling;
    for (let n = 0; sibling && n < MAX_SIBLINGS; n += 1) {
      const text = withoutConnectionDegree(shortText(sibling));
      if (text && accept(text)) return text;
      sibling = direction === 'next' ? sibling.nextElementSibling : sibling.previousElementSibling;
    }
    current = current.parentElement;
  }
  return undefined;
}

// Pronouns ("(She/Her)"), separators and verification badges sit beside the name, before
// the headline; the connection degree too (set aside by nearbyText).
const BESIDE_NAME = /^\(.*\)$|^[·•|]$/;

/** The headline: the first line of text after the name. */
export function headlineAfter(heading: Element, name: string): string | undefined {
  return nearbyText(heading, 'next', (text) => text !== name && text.length > 2 && !BESIDE_NAME.test(text));
}

export function headlineByClass(card: Element): string | undefined {
  return withoutConnectionDegree(elementText(card.querySelector('div.text-body-medium')));
}

/** The location: the text just before the "Contact info" link, in any UI language. */
export function locationBeforeContactInfo(card: Element): string | undefined {
  const link = card.querySelector('a[href*="/overlay/contact-info"]');
  return link ? nearbyText(link, 'previous', (text) => text.length > 1 && !BESIDE_NAME.test(text)) : undefined;
}

export function locationByClass(card: Element): string | undefined {
  return withoutConnectionDegree(elementText(card.querySelector('span.text-body-small.inline.t-black--light.break-words')));
}

export interface Position {
  title?: string;
  company?: string;
  companyUrl?: string;
}

/**
 * The first experience entry: an entity that links to a company page. Its visible lines
 * (`span[aria-hidden="true"]`; the visually-hidden copies repeat them) are the job title,
 * then `Company · Full-time`.
 */
export function firstPosition(doc: Document, pageUrl: string): Position | undefined {
  const link = doc.querySelector('[data-view-name="profile-component-entity"] a[href*="/company/"]');
  const entity = link?.closest('[data-view-name="profile-component-entity"]');
  if (!link || !entity) return undefined;
  const lines = entity.querySelectorAll('span[aria-hidden="true"]');
  const title = lines[0] ? elementText(lines[0]) : undefined;
  const company = lines[1] ? cleanText(elementText(lines[1])?.split(' · ')[0]) : undefined;
  const companyUrl = canonicalNetworkUrl(link.getAttribute('href'), pageUrl, 'company');
  return { title, company, companyUrl };
}

/**
 * Splits a headline like `Staff Engineer at Acme | Speaker` into job title and company;
 * `Logistics Director · Globex` too, once another reader has named the company.
 */
export function splitHeadline(headline: string, knownCompany?: string): { jobTitle?: string; company?: string } {
  const segments = headlineSegments(headline);
  const first = segments[0] ?? headline;
  if (HEADLINE_AT.test(first)) return splitTitleAtCompany(headline);
  if (knownCompany && segments.slice(1).some((segment) => namesAgree(segment, knownCompany))) return { jobTitle: cleanText(first) };
  return {};
}
