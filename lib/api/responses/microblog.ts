import type { MicroblogProfile } from '@/lib/enrichment/model';
import { block, count, extraOf, first, text } from '@/lib/api/responses/fields';
import { isKnownPerson, personFromRecord } from '@/lib/api/responses/person';
import { noMatch, parsed, recognise, unexpected, unwrapData, type Parsed } from '@/lib/api/responses/parsed';

const KEYS = ['twitter', 'other', 'status'];

const FIELDS = {
  displayName: ['name', 'displayName', 'fullName'],
  bio: ['description', 'bio'],
  location: ['location'],
  url: ['url', 'website', 'profileUrl'],
  photoUrl: ['profileImage', 'profile_image_url', 'profileImageUrl', 'avatar', 'photoUrl'],
  followers: ['followers', 'followersCount', 'followers_count'],
  following: ['following', 'followingCount', 'friendsCount', 'friends_count'],
} as const;

/** `{status, twitter: {username, …}, other: {fullName, …}}` (documented); the handle may carry an `@`. */
export function parseMicroblog(body: unknown): Parsed<MicroblogProfile> {
  const top = recognise(unwrapData(body, KEYS), KEYS);
  if (!top) return unexpected('The body has none of the fields of a microblog profile.');
  const account = block.parse(top.twitter);
  const username = text.parse(account?.username)?.replace(/^@+/, '');
  if (!username) return noMatch(`No microblog account was found (status: ${text.parse(top.status) ?? 'none'}).`);

  const profile: MicroblogProfile = {
    username,
    extra: { ...extraOf(top, ['twitter', 'other', 'creditBurn']), ...extraOf(account, ['username', ...Object.values(FIELDS).flat()]) },
  };
  for (const key of ['displayName', 'bio', 'location', 'url', 'photoUrl'] as const) {
    const value = first(text, account, FIELDS[key]);
    if (value !== undefined) profile[key] = value;
  }
  for (const key of ['followers', 'following'] as const) {
    const value = first(count, account, FIELDS[key]);
    if (value !== undefined) profile[key] = value;
  }
  const person = personFromRecord(block.parse(top.other));
  if (isKnownPerson(person)) profile.person = { ...person, microblogUsername: username };
  return parsed(profile);
}
