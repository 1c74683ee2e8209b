import { cleanText } from '@/lib/platform/text';

/**
 * The profile's current-company button is labelled for screen readers, in the UI's
 * language: `Current company: Acme. Click to skip to experience card`. Labels outlive
 * class renames (they are product copy, checked by accessibility audits).
 */
const LABEL_PREFIX = new RegExp(
  '^(?:' +
    [
      'current company', // en
      'entreprise actuelle', // fr (a no-break space precedes the colon)
      'aktuelles unternehmen', // de
      'empresa actual', // es
      'empresa atual', // pt
      'azienda attuale', // it
      'huidig bedrijf', // nl
    ].join('|') +
    ')\\s*:\\s*',
  'i',
);

// Bounded: the button sits in the top card, early in the page; the rest is noise.
const MAX_LABELLED = 400;

export function currentCompanyFromLabel(label: string): string | undefined {
  // Most labelled controls are something else: reject them before any cleaning.
  if (!LABEL_PREFIX.test(label.slice(0, 80).trimStart())) return undefined;
  const text = cleanText(label, 400);
  const prefix = text && LABEL_PREFIX.exec(text);
  if (!text || !prefix) return undefined;
  const rest = text.slice(prefix[0].length);
  // The instruction is the last sentence; a company's own ". " ("Acme Inc. Europe") comes before it.
  const end = rest.lastIndexOf('. ');
  return cleanText(end > 0 ? rest.slice(0, end) : rest.replace(/\.$/, ''));
}

/** Looks in `scope` (the top card) first, then in the whole page. */
export function currentCompanyFromPage(doc: Document, scope?: Element): string | undefined {
  for (const root of scope ? [scope, doc] : [doc]) {
    const labelled = root.querySelectorAll('button[aria-label], a[aria-label]');
    for (let i = 0; i < labelled.length && i < MAX_LABELLED; i += 1) {
      const company = currentCompanyFromLabel(labelled[i]!.getAttribute('aria-label') ?? '');
      if (company) return company;
    }
  }
  return undefined;
}
