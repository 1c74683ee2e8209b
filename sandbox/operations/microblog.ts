import type { Person } from '@/sandbox/directory';
import { badRequest, notFound } from '@/sandbox/errors';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { emailKey, parseNetworkUrl, usernameKey } from '@/sandbox/match/normalize';
import { PRICES } from '@/sandbox/prices';
import type { Answer, Operation } from '@/sandbox/operations/operation';

function profileAnswer(index: DirectoryIndex, person: Person | undefined): Answer {
  if (!person?.microblogUsername || !person.microblog) throw notFound();
  const company = index.companyOf(person);
  return {
    cost: PRICES.microblogProfile,
    body: {
      status: 'found',
      twitter: {
        username: person.microblogUsername,
        id: person.microblog.id,
        name: person.fullName,
        bio: person.microblog.bio,
        url: `https://x.com/${person.microblogUsername}`,
        followers: person.microblog.followers,
        following: person.microblog.following,
        verified: person.microblog.verified,
        createdAt: person.microblog.joined,
      },
      other: {
        fullName: person.fullName,
        firstName: person.firstName,
        lastName: person.lastName,
        networkUrl: person.networkUrl,
        jobTitle: person.jobTitle,
        company: company.name,
        location: person.location,
      },
      creditBurn: PRICES.microblogProfile,
    },
  };
}

export const microblogByUsername: Operation = {
  name: 'microblogByUsername',
  paths: ['/v1/twitter/by_username'],
  billable: true,
  handle({ params, index }) {
    const username = params.string('username');
    const network = params.string('network');
    if (username === undefined && network === undefined) throw badRequest('Send username, network (a profile URL), or both.');
    if (username !== undefined && !usernameKey(username)) throw badRequest('username is not a microblog username.');
    const target = network === undefined ? undefined : parseNetworkUrl(network);
    if (network !== undefined && target?.kind !== 'person') throw badRequest('network must be a professional profile URL.');
    // Like the phone search, the username is tried first and the profile URL second.
    const person = (username === undefined ? undefined : index.personByUsername(username)) ?? (target && index.personBySlug(target.slug));
    return profileAnswer(index, person);
  },
};

export const microblogByEmail: Operation = {
  name: 'microblogByEmail',
  paths: ['/v1/twitter/by_email'],
  billable: true,
  handle({ params, index }) {
    const email = params.string('email');
    const data = params.string('data');
    // One production integration sends the address as `data`; accept it, but not two different addresses.
    if (email !== undefined && data !== undefined && email.trim().toLowerCase() !== data.trim().toLowerCase()) {
      throw badRequest('email and data disagree: send the address once.');
    }
    const address = email ?? data;
    if (address === undefined) throw badRequest('email is required.');
    if (!emailKey(address)) throw badRequest('email is not a valid email address.');
    return profileAnswer(index, index.personByAnyEmail(address));
  },
};
