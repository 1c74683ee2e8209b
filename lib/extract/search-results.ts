import type { SearchResultRow } from './detection';
import { compact } from './compact';
import { cleanText, elementText } from './text';
import { canonicalNetworkUrl } from './urls';

export interface SearchReading {
  results: SearchResultRow[];
  confidence: number;
  sources: string[];
}

const MAX_ROWS = 100;
const ROW = '[data-view-name="search-entity-result-universal-template"]';
const PROFILE_LINK = 'a[href*="/in/"]';

/**
 * The visible copy of a link's name. The network writes names twice,
 * `<span aria-hidden="true">Name</span><span class="visually-hidden">View Name’s profile</span>`:
 * read the visible one, else the link's first text, never both.
 */
function visibleName(link: Element): string | undefined {
  const visible = link.querySelector('span[aria-hidden="true"]');
  if (visible) return elementText(visible, 120);
  const doc = link.ownerDocument;
  const walker = doc.createTreeWalker(link, 4 /* NodeFilter.SHOW_TEXT: not a global outside browsers */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = cleanText(node.textContent, 120);
    if (text) return text;
  }
  return undefined;
}

function headlineOf(row: Element, nameLink: Element, name: string): string | undefined {
  const byClass = elementText(row.querySelector('.t-14.t-black.t-normal'));
  if (byClass) return byClass;
  // Structure: the first line after the block that holds the name.
  for (let block: Element | null = nameLink; block && block !== row; block = block.parentElement) {
    const next = block.nextElementSibling;
    const text = next ? elementText(next) : undefined;
    if (text && text !== name) return text;
  }
  return undefined;
}

function readRow(row: Element, pageUrl: string): SearchResultRow | undefined {
  const links = row.querySelectorAll(PROFILE_LINK);
  // The photo links to the profile too, without a name; mutual-connection links come after the name.
  for (let i = 0; i < links.length && i < 4; i += 1) {
    const link = links[i]!;
    const profileUrl = canonicalNetworkUrl(link.getAttribute('href'), pageUrl, 'person');
    const fullName = profileUrl ? visibleName(link) : undefined;
    if (!profileUrl || !fullName) continue;
    const urn = cleanText(row.getAttribute('data-chameleon-result-urn'), 100);
    return compact({ key: urn ?? profileUrl, fullName, headline: headlineOf(row, link, fullName), profileUrl });
  }
  return undefined;
}

/** People search results; rows by their `data-view-name`, else any list item holding a profile link. */
export function readSearchResults(doc: Document, url: string): SearchReading {
  let rows = Array.from(doc.querySelectorAll(ROW)).slice(0, MAX_ROWS);
  const templated = rows.length > 0;
  if (!templated) {
    const items = new Set<Element>();
    // Results are in <main>; the navigation's "Me" menu links to a profile too.
    const root = doc.querySelector('main') ?? doc;
    for (const link of Array.from(root.querySelectorAll(`li ${PROFILE_LINK}`))) {
      const item = link.closest('li');
      if (item) items.add(item);
      if (items.size >= MAX_ROWS) break;
    }
    // A result list nests nothing; keep the innermost items only.
    rows = Array.from(items).filter((item) => !item.querySelector(`:scope li ${PROFILE_LINK}`));
  }
  const seen = new Set<string>();
  const results: SearchResultRow[] = [];
  for (const row of rows) {
    const result = readRow(row, url);
    if (result && !seen.has(result.key)) {
      seen.add(result.key);
      results.push(result);
    }
  }
  if (results.length === 0) return { results, confidence: 0, sources: [] };
  return { results, confidence: templated ? 0.9 : 0.6, sources: [templated ? 'search-template' : 'list-items'] };
}
