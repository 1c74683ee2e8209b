import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import type { DetectedCompany } from '@/lib/detect/detection';
import { compact } from '@/lib/detect/content/compact';
import { round } from '@/lib/detect/content/confidence';
import { mainHeading } from '@/lib/detect/content/heading';
import { hasType, jsonLdNodes, text, type JsonLdNode } from '@/lib/detect/content/json-ld';
import { nameFromSlug, namesAgree } from '@/lib/detect/content/names';
import { cleanText } from '@/lib/platform/text';
import { companyFromTitle } from '@/lib/detect/content/title';
import { vote } from '@/lib/detect/content/vote';

export interface CompanyReading {
  company: DetectedCompany;
  confidence: number;
  sources: string[];
}

// Sure enough that the body's JSON-LD (a full-document query) would add nothing.
const SURE = 0.85;

/** A company page and its sub-pages (`/company/<slug>/about/`…). */
export function readCompany(doc: Document, url: string): CompanyReading {
  const quick = readCompanyWith(doc, url, jsonLdNodes(doc.head));
  return quick.confidence >= SURE ? quick : readCompanyWith(doc, url, jsonLdNodes(doc));
}

function readCompanyWith(doc: Document, url: string, jsonLd: JsonLdNode[]): CompanyReading {
  const ref = parseNetworkProfileUrl(url);
  const slugName = ref?.kind === 'company' ? nameFromSlug(ref.slug) : undefined;
  const titled = companyFromTitle(doc.title);
  const organization = jsonLd.find((node) => hasType(node, 'Organization') || hasType(node, 'Corporation'));
  const ldName = cleanText(text(organization, 'name'));
  const others = [titled, ldName, slugName].filter((name): name is string => !!name);
  const heading = mainHeading(doc, (value) => others.some((name) => namesAgree(name, value)));

  const name = vote(
    [
      ...(heading ? [{ source: 'h1', weight: 0.6, value: heading.text }] : []),
      ...(ldName ? [{ source: 'json-ld', weight: 0.6, value: ldName }] : []),
      ...(titled ? [{ source: 'title', weight: 0.6, value: titled }] : []),
      // Company slugs are often brands or abbreviations: never evidence against the page.
      ...(slugName ? [{ source: 'url', weight: 0.3, value: slugName, dissent: 1 }] : []),
    ],
    namesAgree,
  );
  return {
    company: compact({ name: name?.value, url: ref?.kind === 'company' ? ref.canonicalUrl : undefined }),
    confidence: round(name?.score ?? 0),
    sources: name?.sources ?? [],
  };
}
