import type { DetectedPerson } from '@/lib/detect/detection';
import { compact } from '@/lib/detect/content/compact';
import { round, sourcesOf } from '@/lib/detect/content/confidence';
import { child, hasType, jsonLdNodes, text, type JsonLdNode } from '@/lib/detect/content/json-ld';
import { microblogUsernameFromUrl } from '@/lib/detect/content/page-kind';
import { namesAgree } from '@/lib/detect/content/names';
import { cleanText, elementText } from '@/lib/platform/text';
import { microblogFromTitle } from '@/lib/detect/content/title';
import { vote, type Candidate } from '@/lib/detect/content/vote';

export interface MicroblogReading {
  person: DetectedPerson;
  confidence: number;
  sources: string[];
}

const sameUsername = (a: string, b: string) => a.replace(/^@/, '').toLowerCase() === b.replace(/^@/, '').toLowerCase();

/** `[data-testid="UserName"]` holds the display name, then `@username`. */
function userNameBlock(doc: Document): { name?: string; username?: string } {
  const block = doc.querySelector('[data-testid="UserName"]');
  if (!block) return {};
  const lines = Array.from(block.querySelectorAll('span'))
    .slice(0, 12)
    .map((span) => elementText(span, 120))
    .filter((line): line is string => !!line);
  const handle = lines.find((line) => /^@[A-Za-z0-9_]{1,15}$/.test(line));
  const name = lines.find((line) => !line.startsWith('@'));
  return { name, username: handle?.slice(1) };
}

const candidate = (source: string, weight: number, value: string | undefined): Candidate[] =>
  value ? [{ source, weight, value }] : [];

/** A microblog profile (`x.com/<username>`). */
export function readMicroblog(doc: Document, url: string): MicroblogReading {
  const urlUsername = microblogUsernameFromUrl(url);
  const block = userNameBlock(doc);
  const titled = microblogFromTitle(doc.title);
  // After an in-app navigation the JSON-LD may still describe the previous profile.
  const isProfilePage = (node: JsonLdNode) => hasType(node, 'ProfilePage');
  // The block is usually in <head>; the whole-document query is the costly fallback.
  const profile = jsonLdNodes(doc.head).find(isProfilePage) ?? jsonLdNodes(doc).find(isProfilePage);
  const entity = child(profile, 'mainEntity');
  const ldUsername = text(entity, 'additionalName');
  const ldMatches = !urlUsername || !ldUsername || sameUsername(urlUsername, ldUsername);
  const ld = ldMatches ? entity : undefined;

  const username = vote(
    [
      ...candidate('data-testid', 0.6, block.username),
      ...candidate('json-ld', 0.6, ld ? ldUsername : undefined),
      ...candidate('title', 0.6, titled?.username),
      ...candidate('url', 0.6, urlUsername),
    ],
    sameUsername,
  );
  const name = vote(
    [
      ...candidate('data-testid', 0.6, block.name),
      ...candidate('json-ld', 0.6, cleanText(text(ld, 'givenName') ?? text(ld, 'name'))),
      ...candidate('title', 0.6, titled && (!urlUsername || sameUsername(titled.username, urlUsername)) ? titled.name : undefined),
    ],
    namesAgree,
  );
  // The page belongs to the URL's user; readings about someone else make the name doubtful.
  const usernameAgrees = !username || !urlUsername || sameUsername(username.value, urlUsername);
  const usernameFactor = usernameAgrees ? 1 : 0.5;
  const person: DetectedPerson = {
    fullName: name?.value,
    headline: elementText(doc.querySelector('[data-testid="UserDescription"]')) ?? cleanText(text(ld, 'description')),
    location: elementText(doc.querySelector('[data-testid="UserLocation"]')) ?? cleanText(text(child(ld, 'homeLocation'), 'name')),
    // The page writes the username in its real case; the URL may not.
    microblogUsername: (usernameAgrees ? username?.value : undefined) ?? urlUsername,
  };
  return {
    person: compact(person),
    confidence: round((name?.score ?? 0) * usernameFactor),
    sources: sourcesOf(name, username),
  };
}
