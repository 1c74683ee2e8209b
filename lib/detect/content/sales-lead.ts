import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { DetectedCompany, DetectedPerson } from '@/lib/detect/detection';
import { compact } from '@/lib/detect/content/compact';
import { confidenceOf, sourcesOf } from '@/lib/detect/content/confidence';
import { currentCompanyFromPage } from '@/lib/detect/content/current-company';
import { cardOf, mainHeading } from '@/lib/detect/content/heading';
import { nameFromSlug, namesAgree } from '@/lib/detect/content/names';
import { elementText } from '@/lib/platform/text';
import { personFromTitle } from '@/lib/detect/content/title';
import { headlineAfter, splitHeadline } from '@/lib/detect/content/top-card';
import { absoluteUrl, canonicalNetworkUrl } from '@/lib/detect/content/urls';
import { vote, type Candidate } from '@/lib/detect/content/vote';

export interface SalesLeadReading {
  person: DetectedPerson;
  company?: DetectedCompany;
  confidence: number;
  sources: string[];
}

// The sales tool marks personal fields for its screenshot-anonymiser; the marks are product
// features, not styling, and have outlived several redesigns.
const field = (doc: Document, name: string) => doc.querySelector(`[data-anonymize="${name}"]`);

const MAX_PROFILE_LINKS = 50;
// Every UI language keeps the brand in the label ("View LinkedIn profile", "LinkedIn-Profil anzeigen").
const PROFILE_LINK_WORDS = /linkedin/i;

/**
 * The lead's public profile, when the page links to it: the link whose slug reads as the
 * lead's name, else the one labelled as the profile ("View LinkedIn profile", "Voir le profil…").
 */
function publicProfileUrl(doc: Document, pageUrl: string, name: string | undefined): string | undefined {
  const links = doc.querySelectorAll('a[href*="/in/"]');
  let labelled: string | undefined;
  for (let i = 0; i < links.length && i < MAX_PROFILE_LINKS; i += 1) {
    const link = links[i]!;
    const ref = parseNetworkProfileUrl(absoluteUrl(link.getAttribute('href'), pageUrl) ?? '');
    if (ref?.kind !== 'person') continue;
    const url = ref.canonicalUrl;
    const slugName = nameFromSlug(ref.slug);
    if (name && slugName && namesAgree(name, slugName)) return url;
    const label = `${link.getAttribute('aria-label') ?? ''} ${link.textContent ?? ''}`;
    if (!labelled && PROFILE_LINK_WORDS.test(label)) labelled = url;
  }
  return labelled;
}

const candidate = (source: string, weight: number, value: string | undefined): Candidate[] =>
  value ? [{ source, weight, value }] : [];

/** A sales-tool lead (`/sales/lead/…`): no slug in the URL, so the page's own readings must agree. */
export function readSalesLead(doc: Document, url: string): SalesLeadReading {
  const titled = personFromTitle(doc.title);
  const marked = field(doc, 'person-name');
  const markedName = elementText(marked);
  const heading = mainHeading(doc, (value) => [titled?.name, markedName].some((name) => !!name && namesAgree(name, value)));
  const name = vote(
    [
      ...candidate('h1', 0.6, heading?.text),
      // The same element marked and headed is one reading, not two.
      ...candidate('data-anonymize', 0.6, marked && marked !== heading?.element ? markedName : undefined),
      ...candidate('title', 0.6, titled?.name),
    ],
    namesAgree,
  );
  const card = heading ? cardOf(heading.element) : (doc.querySelector('main') ?? doc.body ?? doc.documentElement);
  const headline = elementText(field(doc, 'headline')) ?? (heading ? headlineAfter(heading.element, heading.text) : undefined);
  const fromHeadline = headline ? splitHeadline(headline) : {};
  const company = vote(
    [
      ...candidate('data-anonymize', 0.6, elementText(field(doc, 'company-name'))),
      ...candidate('aria-label', 0.6, currentCompanyFromPage(doc, card)),
      ...candidate('headline', 0.3, fromHeadline.company),
    ],
    namesAgree,
  );
  const companyUrl = company ? canonicalNetworkUrl(field(doc, 'company-name')?.closest('a')?.getAttribute('href'), url, 'company') : undefined;
  const person: DetectedPerson = {
    fullName: name?.value,
    headline,
    jobTitle: fromHeadline.jobTitle,
    company: company?.value,
    location: elementText(field(doc, 'location')),
    profileUrl: publicProfileUrl(doc, url, name?.value),
  };
  return {
    person: compact(person),
    company: company ? compact({ name: company.value, url: companyUrl }) : undefined,
    confidence: confidenceOf(name, company),
    sources: sourcesOf(name, company),
  };
}
