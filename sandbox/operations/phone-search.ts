import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Person } from '@/sandbox/directory';
import { badRequest, notFound } from '@/sandbox/errors';
import { isInEu } from '@/sandbox/geo';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { emailKey, parseNetworkUrl, slugKey } from '@/sandbox/match/normalize';
import { PRICES } from '@/sandbox/prices';
import { phoneFacts } from '@/sandbox/records/phones';
import type { Operation } from '@/sandbox/operations/operation';

/** A profile URL, or a bare slug as some callers send. */
function personFromUsername(index: DirectoryIndex, username: string): Person | undefined {
  const target = parseNetworkUrl(username);
  if (target?.kind === 'person') return index.personBySlug(target.slug);
  if (!target && /^[^/@\s]+$/.test(username.trim())) return index.personBySlug(slugKey(username));
  throw badRequest('username must be a professional profile URL.');
}

function searchRecord(index: DirectoryIndex, person: Person, whatsappCheck: boolean, matchedBy: string) {
  const company = index.companyOf(person);
  return {
    person: {
      names: [{ first: person.firstName, last: person.lastName, display: person.fullName }],
      phones: phoneFacts(person).map(({ whatsapp, ...phone }) => ({
        ...phone,
        display: parsePhoneNumberFromString(phone.number)?.formatNational() ?? phone.number,
        ...(whatsappCheck ? { linkedWhatsapp: whatsapp } : {}),
      })),
      emails: [
        ...(person.email ? [{ address: person.email, type: 'work' }] : []),
        ...(person.personalEmail && !isInEu(person.country) ? [{ address: person.personalEmail, type: 'personal' }] : []),
      ],
      jobs: [{ title: person.jobTitle, company: company.name, companyDomain: company.domain }],
      urls: [
        { url: person.networkUrl, type: 'network' },
        ...(person.microblogUsername ? [{ url: `https://x.com/${person.microblogUsername}`, type: 'microblog' }] : []),
      ],
      images: [{ url: `https://media.sandbox.example/photos/${person.id}.png` }],
      location: person.location,
      country: person.country,
    },
    personsCount: 1,
    possiblePersons: [],
    warnings: [],
    matchedBy,
    creditBurn: PRICES.phoneFound,
  };
}

export const phoneSearch: Operation = {
  name: 'search',
  paths: ['/v1/search'],
  billable: true,
  handle({ params, index }) {
    const username = params.string('username');
    const email = params.string('email');
    const whatsappCheck = params.flag('whatsappCheck');
    params.positiveInt('minimumMatch'); // validated; every sandbox match is an exact one
    if (username === undefined && email === undefined) throw badRequest('Send username (a profile URL), email, or both.');
    if (email !== undefined && !emailKey(email)) throw badRequest('email is not a valid email address.');

    // Both given: the waterfall tries the profile first, then the email.
    const byUsername = username === undefined ? undefined : personFromUsername(index, username);
    const byEmail = byUsername || email === undefined ? undefined : index.personByAnyEmail(email);
    const person = byUsername ?? byEmail;
    // A person without a phone is a miss like any other: free.
    if (!person || person.phones.length === 0) throw notFound();
    return { cost: PRICES.phoneFound, body: searchRecord(index, person, whatsappCheck, byUsername ? 'username' : 'email') };
  },
};
