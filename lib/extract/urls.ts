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

/** The canonical network URL a link points to, when it is a profile of that kind. */
export function canonicalNetworkUrl(href: string | null | undefined, base: string, kind: NetworkProfileKind): string | undefined {
  const url = href && /^https?:\/\//i.test(href) ? href : absoluteUrl(href, base);
  const ref = url ? parseNetworkProfileUrl(url) : null;
  return ref?.kind === kind ? ref.canonicalUrl : undefined;
}
