import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { DetectedCompany, DetectedPerson } from '@/lib/detect/detection';
import { compact } from '@/lib/detect/content/compact';
import { confidenceOf, sourcesOf } from '@/lib/detect/content/confidence';
import { currentCompanyFromPage } from '@/lib/detect/content/current-company';
import { cardOf, mainHeading } from '@/lib/detect/content/heading';
import { child, hasType, jsonLdNodes, text, type JsonLdNode } from '@/lib/detect/content/json-ld';
import { isLatinName, nameFromSlug, namesAgree, namesShareAWord } from '@/lib/detect/content/names';
import { cleanText } from '@/lib/platform/text';
import { personFromTitle } from '@/lib/detect/content/title';
import { firstPosition, headlineAfter, headlineByClass, locationBeforeContactInfo, locationByClass, splitHeadline } from '@/lib/detect/content/top-card';
import { canonicalNetworkUrl } from '@/lib/detect/content/urls';
import { vote, type Candidate } from '@/lib/detect/content/vote';

export interface PersonReading {
  person: DetectedPerson;
  company?: DetectedCompany;
  confidence: number;
  sources: string[];
}

// How often each strategy alone names the right person; see vote.ts for how they pool.
const STRONG = 0.6;
const MEDIUM = 0.4;
const WEAK = 0.3;

/**
 * A URL slug that reads as a Latin name and shares no word with what the page says is
 * the sign of a single-page-app navigation whose DOM still shows the previous person.
 */
const STALE_PAGE_FACTOR = 0.65;

const slugOf = (url: string | undefined) => (url ? parseNetworkProfileUrl(url)?.slug : undefined);

/** The page's schema.org Person: the one whose URL is this profile, else the only one. */
function jsonLdPerson(nodes: JsonLdNode[], slug: string | undefined): JsonLdNode | undefined {
  const people = nodes.filter((node) => hasType(node, 'Person'));
  const own = people.find((node) => slug !== undefined && (slugOf(text(node, 'url')) === slug || slugOf(text(node, 'sameAs')) === slug));
  return own ?? (people.length === 1 ? people[0] : undefined);
}

function jsonLdName(node: JsonLdNode | undefined): string | undefined {
  const full = [text(node, 'givenName'), text(node, 'familyName')].filter(Boolean).join(' ');
  return cleanText(text(node, 'name') ?? full);
}

function jsonLdLocation(node: JsonLdNode | undefined): string | undefined {
  const address = child(node, 'address');
  const parts = [text(address, 'addressLocality'), text(address, 'addressRegion')].filter(Boolean);
  return cleanText(parts.join(', ')) ?? cleanText(text(child(node, 'homeLocation'), 'name'));
}

const candidate = (source: string, weight: number, value: string | undefined): Candidate[] =>
  value ? [{ source, weight, value }] : [];

/** Sure enough of name and company that the body's JSON-LD (a full-document query) would add nothing. */
const SURE = 0.85;

/** A person profile (`/in/<slug>`), read by independent strategies that vote. */
export function readPerson(doc: Document, url: string): PersonReading {
  const quick = readPersonWith(doc, url, jsonLdNodes(doc.head));
  if (quick.confidence >= SURE && quick.company) return quick;
  return readPersonWith(doc, url, jsonLdNodes(doc));
}

function readPersonWith(doc: Document, url: string, jsonLd: JsonLdNode[]): PersonReading {
  const ref = parseNetworkProfileUrl(url);
  const slug = ref?.kind === 'person' ? ref.slug : undefined;
  const slugName = slug ? nameFromSlug(slug) : undefined;
  const titled = personFromTitle(doc.title);
  const ld = jsonLdPerson(jsonLd, slug);
  const ldName = jsonLdName(ld);
  const others = [titled?.name, ldName, slugName].filter((name): name is string => !!name);
  const heading = mainHeading(doc, (text) => others.some((name) => namesAgree(name, text)));

  // Listed best-written first: the heading keeps case and accents, the slug keeps neither.
  const name = vote(
    [
      ...candidate('h1', STRONG, heading?.text),
      ...candidate('json-ld', STRONG, ldName),
      ...candidate('title', STRONG, titled?.name),
      ...(slugName ? [{ source: 'url', weight: WEAK, value: slugName, dissent: 1 }] : []),
    ],
    namesAgree,
  );
  if (name && slugName && name.dissenters.includes('url') && slugName.includes(' ') && isLatinName(name.value) && !namesShareAWord(slugName, name.value)) {
    name.score *= STALE_PAGE_FACTOR;
  }

  const card = heading ? cardOf(heading.element) : (doc.querySelector('main') ?? doc.body ?? doc.documentElement);
  const headline = (heading && name ? headlineAfter(heading.element, heading.text) : undefined) ?? headlineByClass(card) ?? cleanText(text(ld, 'jobTitle'));
  const fromHeadline = headline ? splitHeadline(headline) : {};
  const position = firstPosition(doc, url);
  const worksFor = child(ld, 'worksFor');

  const company = vote(
    [
      ...candidate('aria-label', STRONG, currentCompanyFromPage(doc, card)),
      ...candidate('json-ld', STRONG, cleanText(text(worksFor, 'name'))),
      ...candidate('experience', MEDIUM, position?.company),
      ...candidate('title', MEDIUM, titled?.company),
      ...candidate('headline', WEAK, fromHeadline.company),
    ],
    namesAgree,
  );

  const positionIsCurrent = !!(company && position?.company && namesAgree(company.value, position.company));
  const companyUrl = company
    ? ((positionIsCurrent ? position?.companyUrl : undefined) ?? canonicalNetworkUrl(text(worksFor, 'url'), url, 'company'))
    : undefined;

  const person: DetectedPerson = {
    fullName: name?.value,
    headline,
    jobTitle:
      (positionIsCurrent ? position?.title : undefined) ??
      cleanText(text(ld, 'jobTitle')) ??
      (headline ? splitHeadline(headline, company?.value).jobTitle : undefined),
    company: company?.value,
    location: locationBeforeContactInfo(card) ?? locationByClass(card) ?? jsonLdLocation(ld),
    profileUrl: ref?.kind === 'person' ? ref.canonicalUrl : undefined,
  };
  return {
    person: compact(person),
    company: company ? compact({ name: company.value, url: companyUrl }) : undefined,
    confidence: confidenceOf(name, company),
    sources: sourcesOf(name, company),
  };
}
