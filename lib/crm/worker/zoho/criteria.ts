/**
 * Zoho's search criteria: `(Field:operator:value)`, joined by `and`/`or` inside parentheses, at
 * most ten. Parentheses, commas and backslashes in a value are escaped with a backslash, as the
 * Search Records API documents (a company named "Acme (EU), Inc." is still one value).
 */
export function criterionValue(value: string): string {
  return value.replace(/[\\(),]/g, (c) => `\\${c}`);
}

export function criterion(field: string, operator: 'equals' | 'starts_with', value: string): string {
  return `(${field}:${operator}:${criterionValue(value)})`;
}

export function anyOf(criteria: readonly string[]): string {
  return criteria.length === 1 ? criteria[0]! : `(${criteria.join('or')})`;
}

export function allOf(criteria: readonly string[]): string {
  return criteria.length === 1 ? criteria[0]! : `(${criteria.join('and')})`;
}

/** The ways a company's website is written in a CRM, for `starts_with` (then compared exactly). */
export function websiteForms(domain: string): string[] {
  return [`https://www.${domain}`, `https://${domain}`, `http://www.${domain}`, `http://${domain}`, `www.${domain}`, domain];
}
