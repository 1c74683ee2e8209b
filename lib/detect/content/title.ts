import { cleanText } from '@/lib/platform/text';

// `(3) `, `(99+) ` unread-notification counts in front of every title of the network.
const COUNT_PREFIX = /^\(\d+\+?\)\s*/;
// Every UI language keeps the brand suffix; the sales tool has its own.
const NETWORK_SUFFIX = /\s*[|｜]\s*(?:LinkedIn(?:\s+Sales\s+Navigator)?|Sales\s+Navigator)\s*$/i;
const DASHES = /\s+[-–—]\s+/;

/** What a network page's title says, without the count prefix and the brand suffix; undefined if it is not such a title. */
function networkTitleBody(title: string): string | undefined {
  const text = cleanText(title, 400);
  if (!text || !NETWORK_SUFFIX.test(text)) return undefined;
  return cleanText(text.replace(NETWORK_SUFFIX, '').replace(COUNT_PREFIX, ''));
}

export interface PersonTitle {
  name: string;
  /** Logged-out public pages title as `Name - Company | LinkedIn`. */
  company?: string;
}

/** `(3) Jane Doe | LinkedIn`, `Jane Doe - Acme | LinkedIn`, `Jane Doe | Sales Navigator`. */
export function personFromTitle(title: string): PersonTitle | undefined {
  const body = networkTitleBody(title);
  if (!body) return undefined;
  const parts = body.split(DASHES).map((part) => cleanText(part));
  const name = parts[0];
  const company = parts.length > 1 ? parts[parts.length - 1] : undefined;
  if (!name) return undefined;
  return company ? { name, company } : { name };
}

/**
 * `(2) Acme: Overview | LinkedIn`, `Acme: About | LinkedIn`, `Acme : Présentation | LinkedIn`:
 * the tab name after the last colon is dropped when it is a short phrase.
 */
export function companyFromTitle(title: string): string | undefined {
  const body = networkTitleBody(title);
  if (!body) return undefined;
  const colon = body.lastIndexOf(':');
  if (colon > 0) {
    const tab = body.slice(colon + 1).trim();
    if (tab && tab.split(' ').length <= 3) return cleanText(body.slice(0, colon));
  }
  return body;
}

/** `Jane Doe (@janedoe) / X`: the display name and the username. */
export function microblogFromTitle(title: string): { name: string; username: string } | undefined {
  const text = cleanText(title, 400)?.replace(COUNT_PREFIX, '');
  const match = text && /^(.+?)\s*\(@([A-Za-z0-9_]{1,15})\)\s*(?:[/|]\s*(?:X|Twitter)\s*)?$/.exec(text);
  const name = match && cleanText(match[1]);
  return match && name ? { name, username: match[2]! } : undefined;
}
