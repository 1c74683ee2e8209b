import { isNetworkHost } from '@/lib/identity/network-profile';
import type { PageKind } from '@/lib/detect/detection';

const MICROBLOG_HOST = /^(?:www\.|mobile\.)?(?:x|twitter)\.com$/i;

/**
 * First path segments of the microblog that are the site's own pages, not usernames.
 * Usernames cannot be registered with these names, so a miss here is a wrong "profile".
 */
const MICROBLOG_RESERVED = new Set(
  [
    'home', 'explore', 'notifications', 'messages', 'i', 'settings', 'search', 'compose', 'tos', 'privacy',
    'login', 'logout', 'signup', 'account', 'intent', 'share', 'hashtag', 'lists', 'bookmarks', 'communities',
    'jobs', 'premium', 'premium_sign_up', 'verified-choose', 'about', 'help', 'download', 'oauth', 'sessions',
    'topics', 'moments', 'rules', 'who_to_follow', 'connect_people', 'following', 'followers', 'tweet',
    'flow', 'safety', 'ads', 'business', 'grok', 'spaces', 'analytics', 'display', 'keyboard_shortcuts',
  ],
);

/** Profile tabs that still show the profile header (status pages and the like do not). */
const MICROBLOG_PROFILE_TABS = new Set(['with_replies', 'media', 'likes', 'highlights', 'articles', 'superfollows']);

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/** The username of a microblog profile URL (`x.com/<username>`), else undefined. */
export function microblogUsernameFromUrl(url: string): string | undefined {
  const parsed = parse(url);
  if (!parsed || !MICROBLOG_HOST.test(parsed.hostname)) return undefined;
  const [first, second, ...rest] = parsed.pathname.split('/').filter(Boolean);
  if (!first || !USERNAME.test(first) || MICROBLOG_RESERVED.has(first.toLowerCase())) return undefined;
  if (rest.length > 0 || (second !== undefined && !MICROBLOG_PROFILE_TABS.has(second))) return undefined;
  return first;
}

function networkKind(segments: string[]): PageKind {
  const [first, second, third] = segments;
  if (first === 'in' && second) return 'person';
  if (first === 'company' && second) return 'company';
  if (first === 'sales' && (second === 'lead' || second === 'people') && third) return 'salesLead';
  if (first === 'search' && second === 'results' && third === 'people') return 'peopleSearch';
  return 'other';
}

/** What kind of page a URL is, from the URL alone (it survives the sites' redesigns). */
export function pageKindFromUrl(url: string): PageKind {
  const parsed = parse(url);
  if (!parsed) return 'other';
  if (isNetworkHost(parsed.hostname)) return networkKind(parsed.pathname.split('/').filter(Boolean));
  return microblogUsernameFromUrl(url) ? 'microblogProfile' : 'other';
}
