import { identity } from '@/lib/identity/keys';

/**
 * The suppression list holds what a user typed: emails, domains, phone numbers, profile
 * URLs. Each line is turned into the identity keys it stands for, so that "acme.example"
 * suppresses every email at that domain, and a profile URL suppresses every form of it.
 */
export function suppressionKeys(line: string): string[] {
  // Only a line that is nothing but a number is read as one: libphonenumber-js would
  // otherwise find digits inside a profile URL or an address.
  const phone = /^(tel:)?[\s\d+().\-/]+$/i.test(line.trim()) ? identity.phone(line) : null;
  const keys = [identity.networkProfile(line), identity.email(line), phone];
  const domain = identity.domain(line);
  if (domain && !line.includes('@') && !identity.networkProfile(line)) keys.push(domain);
  return keys.filter((k): k is NonNullable<typeof k> => k !== null);
}

export function isSuppressed(keys: readonly string[], list: readonly string[]): boolean {
  if (!list.length || !keys.length) return false;
  const blocked = new Set(list.flatMap(suppressionKeys));
  return keys.some((key) => {
    if (blocked.has(key)) return true;
    // An email is also covered by its domain.
    if (key.startsWith('email:')) return blocked.has(`domain:${key.slice(key.indexOf('@') + 1)}`);
    return false;
  });
}
