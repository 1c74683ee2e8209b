import { cleanText } from '@/lib/platform/text';

/**
 * "Title at Company" in the UI languages the network's readers support (en at/@, fr chez, de bei,
 * es en, pt na/em, it presso, nl bij). At the detect feature's root, not in content/: the content
 * script splits a profile's headline with it, the worker a search row's (lib/book/job-change.ts).
 */
export const HEADLINE_AT = /\s+(?:at|@|chez|bei|en|na|em|presso|bij)\s+/i;

/**
 * Only the words that say "works at" and little else: es "en" and pt "na/em" also mean "in"
 * ("Consultant en recrutement", "Engenheiro na área de dados"). For readings that stand alone,
 * with nothing structured beside them to confirm (a search row's headline).
 */
export const HEADLINE_AT_STRICT = /\s+(?:at|@|chez|bei|presso|bij)\s+/i;

/** The segments a headline lists ("Staff Engineer at Acme | Speaker · Author"). */
export function headlineSegments(headline: string): string[] {
  return headline.split(/\s+[|·•–—-]\s+/);
}

/**
 * `Staff Engineer at Acme | Speaker` → title and company, from the first segment; {} when it
 * names no company. `strict`: only HEADLINE_AT_STRICT's words split it.
 */
export function splitTitleAtCompany(headline: string, { strict = false } = {}): { jobTitle?: string; company?: string } {
  const first = headlineSegments(headline)[0] ?? headline;
  const match = (strict ? HEADLINE_AT_STRICT : HEADLINE_AT).exec(first);
  if (!match) return {};
  return { jobTitle: cleanText(first.slice(0, match.index)), company: cleanText(first.slice(match.index + match[0].length)) };
}
