import type { Detection } from '@/lib/detect/detection';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';

export interface PageAbout {
  name: string;
  company?: string;
}

const slugOf = (url: unknown) => {
  const ref = typeof url === 'string' ? parseNetworkProfileUrl(url) : null;
  return ref?.kind === 'person' ? ref.slug.toLowerCase() : null;
};

const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').trim().slice(0, 200) || undefined;

/**
 * Who the page showed, for a lookup asked from that page's panel about the person on it: the
 * profile the lookup names is the profile the page shows. Asked by URL only, such a lookup names
 * no one when it fails; the history lists it by this name instead of the URL.
 */
export function aboutOnPage(detection: Detection | null | undefined, input: Record<string, unknown>): PageAbout | undefined {
  const person = detection?.person;
  const name = clean(person?.fullName);
  if (!person || !name) return undefined;
  const asked = slugOf(input.profileUrl);
  if (!asked || asked !== slugOf(person.profileUrl)) return undefined;
  const company = clean(person.company);
  return company ? { name, company } : { name };
}
