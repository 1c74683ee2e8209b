/**
 * The email half of the identity keys, in a module of its own: the web mail readers run in a
 * content script on every message, and must not load the phone library keys.ts needs.
 */
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/** Lowercased, `mailto:` and query removed; null when it is not an address. */
export function normaliseEmail(input: string): string | null {
  const value = input.trim().replace(/^mailto:/i, '').split('?')[0]!.trim().toLowerCase();
  return EMAIL.test(value) ? value : null;
}
