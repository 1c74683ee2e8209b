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

/**
 * The blocks under `scope`. Querying the whole document for them costs as much as the rest
 * of detection together on a 1.5 MB page, so readers look in `<head>` first and in the
 * whole document only when the cheap readings leave them unsure.
 */
export function jsonLdNodes(scope: ParentNode | null | undefined): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  if (!scope) return nodes;
  const scripts = scope.querySelectorAll('script[type="application/ld+json"]');
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
