/**
 * schema.org blocks: logged-out profile pages carry a `Person`, company pages an
 * `Organization`, microblog profiles a `ProfilePage` whose `mainEntity` is the person.
 * Only small blocks are parsed: the page's megabytes of state are never in these.
 */
export type JsonLdNode = Record<string, unknown>;

const MAX_BLOCKS = 8;
const MAX_BLOCK_CHARS = 100_000;

function isNode(value: unknown): value is JsonLdNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function collect(value: unknown, out: JsonLdNode[], depth: number): void {
  if (depth > 4) return;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 50)) collect(item, out, depth + 1);
    return;
  }
  if (!isNode(value)) return;
  out.push(value);
  collect(value['@graph'], out, depth + 1);
  collect(value.mainEntity, out, depth + 1);
}

export function jsonLdNodes(doc: Document): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
  for (let i = 0; i < scripts.length && i < MAX_BLOCKS; i += 1) {
    const text = scripts[i]!.textContent ?? '';
    if (text.length > MAX_BLOCK_CHARS) continue;
    try {
      collect(JSON.parse(text), nodes, 0);
    } catch {
      // A broken block is one strategy failing, not the detection.
    }
  }
  return nodes;
}

export function hasType(node: JsonLdNode, type: string): boolean {
  const declared = node['@type'];
  return declared === type || (Array.isArray(declared) && declared.includes(type));
}

/** A string property, or the first string of an array property (`jobTitle: ["…"]`). */
export function text(node: JsonLdNode | undefined, key: string): string | undefined {
  const value = node?.[key];
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.find((item): item is string => typeof item === 'string');
  return undefined;
}

/** An object property, or the first object of an array property (`worksFor: [{…}]`). */
export function child(node: JsonLdNode | undefined, key: string): JsonLdNode | undefined {
  const value = node?.[key];
  if (isNode(value)) return value;
  if (Array.isArray(value)) return value.find(isNode);
  return undefined;
}
