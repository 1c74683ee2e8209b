/**
 * The professional network's identity lives in the URL, which survives redesigns:
 * `/in/<slug>` for people, `/company/<slug>` for companies. The same person is reached
 * through many URL forms (http or https, `www.` or a country subdomain, trailing slash,
 * query, percent-encoding, sub-pages such as `/details/experience/`), so every key is
 * derived from the slug alone.
 */

const NETWORK_HOST = /^(?:[a-z]{2,3}\.|www\.|m\.)?linkedin\.com$/i;

export type NetworkProfileKind = 'person' | 'company';

export interface NetworkProfileRef {
  kind: NetworkProfileKind;
  /** Decoded, lowercased slug: the identity. */
  slug: string;
  /** The canonical public URL for that slug. */
  canonicalUrl: string;
}

function parseUrl(input: string): URL | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function isNetworkHost(hostname: string): boolean {
  return NETWORK_HOST.test(hostname);
}

/** Reads a person or company reference out of any URL form of the network; null if it is not one. */
export function parseNetworkProfileUrl(input: string): NetworkProfileRef | null {
  const url = parseUrl(input);
  if (!url || !/^https?:$/.test(url.protocol) || !isNetworkHost(url.hostname)) return null;
  const [section, rawSlug] = url.pathname.split('/').filter(Boolean);
  const kind: NetworkProfileKind | null = section === 'in' ? 'person' : section === 'company' ? 'company' : null;
  if (!kind || !rawSlug) return null;
  const decoded = decodeSegment(rawSlug);
  if (!decoded) return null;
  const slug = decoded.normalize('NFC').toLowerCase();
  if (!slug || /[\s/?#]/.test(slug)) return null;
  const section2 = kind === 'person' ? 'in' : 'company';
  return { kind, slug, canonicalUrl: `https://www.linkedin.com/${section2}/${encodeURIComponent(slug)}/` };
}
