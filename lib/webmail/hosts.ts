/**
 * The web mail clients Dossier reads, by exact host: a look-alike host (mail.google.com.evil.example)
 * or a plain-http page is not one of them.
 */
export type WebmailClient = 'gmail' | 'outlook';

const CLIENT_BY_HOST: Readonly<Record<string, WebmailClient>> = {
  'mail.google.com': 'gmail',
  'outlook.live.com': 'outlook',
  'outlook.office.com': 'outlook',
  'outlook.office365.com': 'outlook',
};

/** Match patterns for the content script and the optional host permissions (asked for when the user turns web mail on). */
export const WEBMAIL_MATCHES: readonly string[] = Object.keys(CLIENT_BY_HOST).map((host) => `https://${host}/*`);

/** Which client a page belongs to; null for any other page. */
export function webmailHostOf(url: string): WebmailClient | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  return CLIENT_BY_HOST[parsed.hostname.toLowerCase()] ?? null;
}
