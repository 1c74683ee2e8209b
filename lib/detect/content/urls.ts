import { parseNetworkProfileUrl, type NetworkProfileKind } from '@/lib/identity/network-profile';

/** A link's href resolved against the page, for relative links such as `/in/jane-doe/`. */
export function absoluteUrl(href: string | null | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

// A search page links each person two or three times (photo, name, insight), and a page is
// read again on every in-app navigation: parsing a URL costs more than the rest of a row.
// Bounded, since a long-lived single-page app keeps this module alive across many pages.
const canonical = new Map<string, string | null>();
const MAX_CANONICAL = 512;

/** The canonical network URL a link points to, when it is a profile of that kind. */
export function canonicalNetworkUrl(href: string | null | undefined, base: string, kind: NetworkProfileKind): string | undefined {
  if (!href) return undefined;
  const absolute = /^https?:\/\//i.test(href);
  const key = `${kind} ${absolute ? '' : base} ${href}`;
  let cached = canonical.get(key);
  if (cached === undefined) {
    const url = absolute ? href : absoluteUrl(href, base);
    const ref = url ? parseNetworkProfileUrl(url) : null;
    cached = ref?.kind === kind ? ref.canonicalUrl : null;
    if (canonical.size >= MAX_CANONICAL) canonical.clear();
    canonical.set(key, cached);
  }
  return cached ?? undefined;
}
