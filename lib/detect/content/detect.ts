import type { Detection } from '@/lib/detect/detection';
import { compact } from '@/lib/detect/content/compact';
import { readCompany } from '@/lib/detect/content/company';
import { readMicroblog } from '@/lib/detect/content/microblog';
import { pageKindFromUrl } from '@/lib/detect/content/page-kind';
import { readPerson } from '@/lib/detect/content/person';
import { readSalesLead } from '@/lib/detect/content/sales-lead';
import { readSearchResults } from '@/lib/detect/content/search-results';

function read(doc: Document, url: string): Detection {
  const kind = pageKindFromUrl(url);
  switch (kind) {
    case 'person':
      return { kind, url, ...readPerson(doc, url) };
    case 'salesLead':
      return { kind, url, ...readSalesLead(doc, url) };
    case 'company':
      return { kind, url, ...readCompany(doc, url) };
    case 'peopleSearch':
      return { kind, url, ...readSearchResults(doc, url) };
    case 'microblogProfile':
      return { kind, url, ...readMicroblog(doc, url) };
    default:
      return { kind, url, confidence: 0, sources: [] };
  }
}

/**
 * What the page is and says. Runs on every matching page load, so it reads only targeted
 * landmarks (title, first h1s, labelled buttons in the top card, JSON-LD blocks): never
 * the whole body's text, never the hidden state blobs.
 */
export function detectPage(doc: Document, url: string): Detection {
  return compact(read(doc, url));
}
