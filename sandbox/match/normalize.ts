import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Turns what callers type into comparable keys. Every rule here exists because the same
 * person reaches the sandbox written in several ways (see the interface's matching rules).
 */

/** Case-, accent- and spacing-insensitive form of a name or company name. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    // Letters that Unicode does not decompose into a base letter and an accent.
    .replace(/[øØ]/g, 'o').replace(/[æÆ]/g, 'ae').replace(/ß/g, 'ss').replace(/[łŁ]/g, 'l').replace(/[đĐ]/g, 'd')
    .replace(/[’‘`']/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function emailKey(email: string): string | undefined {
  const trimmed = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? trimmed : undefined;
}

/** Lower-case bare host, from a domain, a website URL or an email's domain. */
export function domainKey(value: string): string | undefined {
  let host = value.trim().toLowerCase();
  if (!host) return undefined;
  if (host.includes('@')) host = host.slice(host.lastIndexOf('@') + 1);
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '').replace(/^www\./, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A stray '%' is part of what the caller typed; keep it rather than reject the lookup.
    return segment;
  }
}

export type NetworkTarget = { kind: 'person' | 'company'; slug: string };

/**
 * Reads a professional-network URL in any of the forms users paste: with or without scheme
 * or `www.`, country subdomains, trailing slash, query, sub-pages, percent-encoded slug.
 * Returns undefined when the text is not such a URL at all.
 */
export function parseNetworkUrl(value: string): NetworkTarget | undefined {
  const text = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || !/^([a-z]{2,3}\.|www\.)?linkedin\.com$/i.test(url.hostname)) return undefined;
  const [kind, slug] = url.pathname.split('/').filter(Boolean);
  if (!slug || (kind !== 'in' && kind !== 'company')) return undefined;
  return { kind: kind === 'in' ? 'person' : 'company', slug: slugKey(slug) };
}

/** Slugs compare decoded, in NFC and lower case: `jos%C3%A9-mu%C3%B1oz` is `josé-muñoz`. */
export function slugKey(slug: string): string {
  return decodeSegment(slug.trim()).normalize('NFC').toLowerCase().replace(/\/+$/, '');
}

/**
 * E.164 form of a phone number written internationally. A raw `+` in a query string arrives
 * as a space, so a number without its plus (or with the `00` international prefix) is read
 * as starting with its country code, which is also a form the interface accepts.
 */
export function phoneKey(value: string): string | undefined {
  const trimmed = value.trim();
  if (!/\d/.test(trimmed)) return undefined;
  const international = trimmed.startsWith('+') ? trimmed : `+${trimmed.replace(/^00/, '')}`;
  return parsePhoneNumberFromString(international)?.number;
}

/** A microblog username without its optional leading `@`, compared case-insensitively. */
export function usernameKey(value: string): string | undefined {
  const text = value.trim().replace(/^@/, '').toLowerCase();
  return /^[a-z0-9_]{1,15}$/.test(text) ? text : undefined;
}
