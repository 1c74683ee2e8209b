import { badRequest, notFound, restricted } from '@/sandbox/errors';
import { isInEu } from '@/sandbox/geo';
import { emailKey } from '@/sandbox/match/normalize';
import { PRICES } from '@/sandbox/prices';
import type { Operation } from '@/sandbox/operations/operation';

export const searchByEmail: Operation = {
  name: 'searchByEmail',
  paths: ['/v1/searchByEmail', '/v1/reverse_email'],
  billable: true,
  handle({ params, index }) {
    const email = params.string('email');
    if (email === undefined) throw badRequest('email is required.');
    if (!emailKey(email)) throw badRequest('email is not a valid email address.');
    // Personal emails only: work emails are what /v2/full is for.
    const person = index.personByPersonalEmail(email);
    if (!person) throw notFound();
    if (isInEu(person.country)) throw restricted('Personal-email enrichment is not offered for people in the EU.');
    const company = index.companyOf(person);
    return {
      cost: PRICES.personalEmail,
      body: {
        personalInformation: {
          fullName: person.fullName,
          firstName: person.firstName,
          lastName: person.lastName,
          headline: person.headline,
          location: person.location,
          country: person.country,
          networkUrl: person.networkUrl,
          personalEmail: person.personalEmail,
          microblogUsername: person.microblogUsername,
        },
        positions: person.experience.map((position) => ({
          ...position,
          companyDomain: index.company(position.company)?.domain ?? null,
          current: position.endDate === null,
        })),
        schools: person.education,
        skills: person.skills,
        currentCompany: { name: company.name, domain: company.domain, networkUrl: company.networkUrl },
        creditBurn: PRICES.personalEmail,
      },
    };
  },
};
