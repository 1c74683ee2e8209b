import type { SearchResultRow } from '@/lib/detect/detection';
import { withoutConnectionDegree } from '@/lib/detect/content/badges';
import { compact } from '@/lib/detect/content/compact';
import { cleanText, elementText } from '@/lib/platform/text';
import { canonicalNetworkUrl } from '@/lib/detect/content/urls';

export interface SearchReading {
  results: SearchResultRow[];
  confidence: number;
  sources: string[];
}

const MAX_ROWS = 100;
const ROW = '[data-view-name="search-entity-result-universal-template"]';
const PROFILE_LINK = 'a[href*="/in/"]';

/** A text node's text, cleaned; undefined for layout whitespace. */
const textOf = (node: Node) => cleanText(node.textContent, 120);

function* textNodes(root: Element): Generator<Node> {
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT: not a global outside browsers */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) yield node;
}

interface NameReading {
  name: string;
  /** The name's last text node: the headline is looked for after it. */
  node: Node;
}

/**
 * The visible copy of a link's name. The network writes names twice,
 * `<span aria-hidden="true">Name</span><span class="visually-hidden">View Name’s profile</span>`:
 * read the visible one, else the link's first text, never both; never the degree badge
 * ("· 2nd") some layouts put in the link beside the name.
 */
function visibleName(link: Element): NameReading | undefined {
  // Indexed loops, not spread iterators: this runs on every result row of every search page load.
  const spans = link.querySelectorAll('span[aria-hidden="true"]');
  for (let i = 0; i < spans.length; i += 1) {
    const span = spans[i]!;
    const name = withoutConnectionDegree(elementText(span, 120));
    const node = name ? lastTextNode(span) : undefined;
    if (name && node) return { name, node };
  }
  for (const node of textNodes(link)) {
    const name = withoutConnectionDegree(textOf(node));
    if (name) return { name, node };
  }
  return undefined;
}

function lastTextNode(root: Element): Node | undefined {
  const walker = root.ownerDocument.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  let last: Node | undefined;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node;
  return last;
}

const BLOCK = new Set(['DIV', 'P', 'LI', 'SECTION', 'ARTICLE', 'H2', 'H3', 'H4', 'H5', 'H6', 'DD', 'DT']);

/** What is not a headline: the name again (or its "View …’s profile" copy), a degree badge, a separator. */
function isNoise(text: string, name: string): boolean {
  return text.includes(name) || !withoutConnectionDegree(text) || /^[\s·•|,:;-]*$/.test(text);
}

/** The line a text node belongs to: its nearest block, unless that block holds the name too. */
function lineOf(node: Node, nameNode: Node, row: Element): string | undefined {
  let element = node.parentElement;
  while (element && !BLOCK.has(element.tagName) && element.parentElement && element.parentElement !== row && !element.parentElement.contains(nameNode)) {
    element = element.parentElement;
  }
  return element ? withoutConnectionDegree(elementText(element)) : undefined;
}

function headlineOf(row: Element, nameLink: Element, reading: NameReading): string | undefined {
  const byClass = withoutConnectionDegree(elementText(row.querySelector('.t-14.t-black.t-normal')));
  if (byClass && !isNoise(byClass, reading.name)) return byClass;
  // Structure, whatever the classes: the first line of text after the name, outside other
  // links (a shared connection) and buttons (Connect, Follow). The name's own link may hold
  // the whole card, headline included.
  let after = false;
  for (const node of textNodes(row)) {
    if (node === reading.node) {
      after = true;
      continue;
    }
    if (!after) continue;
    const link = node.parentElement?.closest('a, button');
    if (link && link !== nameLink) continue;
    const text = textOf(node);
    if (!text || isNoise(text, reading.name)) continue;
    const line = lineOf(node, reading.node, row);
    if (line && !isNoise(line, reading.name)) return line;
  }
  return undefined;
}

function readRow(row: Element, pageUrl: string): SearchResultRow | undefined {
  const links = row.querySelectorAll(PROFILE_LINK);
  // The photo links to the profile too, without a name; mutual-connection links come after the name.
  for (let i = 0; i < links.length && i < 4; i += 1) {
    const link = links[i]!;
    const profileUrl = canonicalNetworkUrl(link.getAttribute('href'), pageUrl, 'person');
    const reading = profileUrl ? visibleName(link) : undefined;
    if (!profileUrl || !reading) continue;
    const urn = cleanText(row.getAttribute('data-chameleon-result-urn'), 100);
    return compact({ key: urn ?? profileUrl, fullName: reading.name, headline: headlineOf(row, link, reading), profileUrl });
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
