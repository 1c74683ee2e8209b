import { cleanText } from '@/lib/platform/text';

/**
 * "Title at Company" in the UI languages the network's readers support (en at/@, fr chez, de bei,
 * es en, pt na/em, it presso, nl bij). At the detect feature's root, not in content/: the content
 * script splits a profile's headline with it, the worker a search row's (lib/book/job-change.ts).
 */
export const HEADLINE_AT = /\s+(?:at|@|chez|bei|en|na|em|presso|bij)\s+/i;

/** The segments a headline lists ("Staff Engineer at Acme | Speaker · Author"). */
export function headlineSegments(headline: string): string[] {
  return headline.split(/\s+[|·•–—-]\s+/);
}

/** `Staff Engineer at Acme | Speaker` → title and company, from the first segment; {} when it names no company. */
export function splitTitleAtCompany(headline: string): { jobTitle?: string; company?: string } {
  const first = headlineSegments(headline)[0] ?? headline;
  const match = HEADLINE_AT.exec(first);
  if (!match) return {};
  return { jobTitle: cleanText(first.slice(0, match.index)), company: cleanText(first.slice(match.index + match[0].length)) };
}
