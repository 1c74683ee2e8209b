/** A name at a company is shared by namesakes: it identifies no one when anything better is known. */
const isNameOnly = (key: string) => key.startsWith('name:');

/**
 * The keys a ledger entry is matched on. Where a profile, an email or a phone is known, the
 * name-at-company key is dropped: two John Smiths at Acme are two people, and one's paid
 * answer must never be served (or overwritten) for the other. A lookup by name alone keeps it,
 * so that the same name-only lookup repeated is still recognised.
 */
export function matchingKeys(keys: readonly string[]): string[] {
  return keys.some((k) => !isNameOnly(k)) ? keys.filter((k) => !isNameOnly(k)) : [...keys];
}

/**
 * What a paid answer is filed under: the request's matching keys, plus what the answer
 * revealed (a verified email, phones, the profile), so that other routes to the same person
 * find it. A name-only request keeps its name key even when the answer revealed an email.
 */
export function ledgerKeys(requestKeys: readonly string[], resultKeys: readonly string[]): string[] {
  return [...new Set([...matchingKeys(requestKeys), ...resultKeys])];
}
