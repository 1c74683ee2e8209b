import { badRequest, notFound } from '@/sandbox/errors';
import { phoneKey } from '@/sandbox/match/normalize';
import { PRICES } from '@/sandbox/prices';
import { phoneFacts } from '@/sandbox/records/phones';
import type { Operation } from '@/sandbox/operations/operation';

export const searchByPhone: Operation = {
  name: 'searchByPhone',
  paths: ['/v1/searchByPhone', '/v1/reverse_phone_lookup'],
  billable: true,
  handle({ params, index }) {
    const phone = params.string('phone');
    if (phone === undefined) throw badRequest('phone is required.');
    const number = phoneKey(phone);
    if (!number) throw badRequest('phone must be an international number (+<country code><number>).');
    const person = index.personByPhone(number);
    if (!person) throw notFound();
    const company = index.companyOf(person);
    const facts = phoneFacts(person).find((candidate) => candidate.number === number);
    return {
      cost: PRICES.reversePhone,
      body: {
        name: person.fullName,
        firstName: person.firstName,
        lastName: person.lastName,
        linkedinPubProfileUrl: person.networkUrl,
        facebookID: null,
        jobTitle: person.jobTitle,
        company: company.name,
        companyDomain: company.domain,
        location: person.location,
        country: person.country,
        phone: facts ? { number: facts.number, displayInternational: facts.displayInternational, countryCode: facts.countryCode, type: facts.type } : null,
        creditBurn: PRICES.reversePhone,
      },
    };
  },
};
