import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { normaliseEmail } from '@/lib/identity/email';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';

export { normaliseEmail };

/**
 * Identity keys name who a lookup is about, whatever form the input came in. The ledger,
 * the suppression list and the history all compare these, never raw input.
 *   person:<slug>   company:<slug>   email:<lowercased>   phone:<E.164>   domain:<host>   name:<name>|<company>
 */
export type IdentityKey = string & { readonly __identity: unique symbol };

const asKey = (value: string) => value as IdentityKey;

/** E.164 for anything libphonenumber-js reads as a possible number; null otherwise. */
export function normalisePhone(input: string, defaultRegion?: CountryCode): string | null {
  const cleaned = input.trim().replace(/^tel:/i, '');
  if (!/\d/.test(cleaned)) return null;
  const parsed = parsePhoneNumberFromString(cleaned, defaultRegion);
  return parsed && parsed.isPossible() ? parsed.number : null;
}

/** A company domain from a bare domain, a URL or an email address. */
export function normaliseDomain(input: string): string | null {
  let value = input.trim().toLowerCase();
  if (value.includes('@')) value = value.slice(value.lastIndexOf('@') + 1);
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').split(/[/?#:]/)[0]!.replace(/^www\./, '').replace(/\.$/, '');
  return /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z0-9-]{2,63}$/.test(value) && !/^\d+(\.\d+)+$/.test(value) ? value : null;
}

// In a module of its own, so that a page that only searches names (the contact book) does not
// load the phone library this module needs.
import { foldName } from '@/lib/identity/fold';
export { foldName };

export const identity = {
  networkProfile(url: string): IdentityKey | null {
    const ref = parseNetworkProfileUrl(url);
    return ref ? asKey(`${ref.kind}:${ref.slug}`) : null;
  },
  email(input: string): IdentityKey | null {
    const email = normaliseEmail(input);
    return email ? asKey(`email:${email}`) : null;
  },
  phone(input: string, defaultRegion?: CountryCode): IdentityKey | null {
    const phone = normalisePhone(input, defaultRegion);
    return phone ? asKey(`phone:${phone}`) : null;
  },
  domain(input: string): IdentityKey | null {
    const domain = normaliseDomain(input);
    return domain ? asKey(`domain:${domain}`) : null;
  },
  nameAtCompany(fullName: string, company: string): IdentityKey | null {
    const name = foldName(fullName);
    const org = normaliseDomain(company) ?? foldName(company);
    return name && org ? asKey(`name:${name}|${org}`) : null;
  },
};
