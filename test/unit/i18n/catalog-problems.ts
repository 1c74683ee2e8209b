/**
 * What can be wrong with a translation, key by key, against the English reference: a key it
 * lacks, a key English does not have, a message whose `{placeholders}` are not English's, a
 * plural form without its pair. Empty when the catalog is whole.
 */
export function catalogProblems(reference: Readonly<Record<string, string>>, catalog: Readonly<Record<string, unknown>>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(reference)) if (!(key in catalog)) problems.push(`missing: ${key}`);
  for (const key of Object.keys(catalog)) if (!(key in reference)) problems.push(`extra: ${key}`);
  for (const [key, english] of Object.entries(reference)) {
    const text = catalog[key];
    if (!(key in catalog)) continue;
    if (typeof text !== 'string') {
      problems.push(`not text: ${key}`);
      continue;
    }
    if (english.trim() && !text.trim()) problems.push(`empty: ${key}`);
    const want = placeholders(english);
    const have = placeholders(text);
    if (want.join() !== have.join()) problems.push(`placeholders: ${key} has {${have.join('}, {')}} where English has {${want.join('}, {')}}`);
    // A brace that opens no placeholder is a typo for one ("{count" or "count}").
    if (braces(text) !== have.length * 2 && braces(text) !== braces(english)) problems.push(`stray brace: ${key}`);
  }
  for (const key of Object.keys(catalog)) {
    const pair = key.endsWith('.one') ? `${key.slice(0, -4)}.other` : key.endsWith('.other') ? `${key.slice(0, -6)}.one` : null;
    if (pair && !(pair in catalog)) problems.push(`plural without its pair: ${key}`);
  }
  return problems;
}

/** The set of `{names}` of a message, sorted. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

function braces(text: string): number {
  return (text.match(/[{}]/g) ?? []).length;
}
