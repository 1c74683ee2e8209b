import type { Company, Person } from '@/sandbox/directory';
import { badRequest, notFound } from '@/sandbox/errors';
import { foldText } from '@/sandbox/match/normalize';
import { PRICES } from '@/sandbox/prices';
import type { Operation } from '@/sandbox/operations/operation';

/** The address a company's pattern gives for a name, as a mail server check would try it. */
function guessAddress(fullName: string, company: Company): string {
  const parts = foldText(fullName).replace(/[^a-z0-9 -]/g, '').split(' ').filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? first;
  const local = { 'first.last': `${first}.${last}`, first, flast: `${first.slice(0, 1)}${last}`, firstlast: `${first}${last}` }[company.emailPattern];
  return `${local}@${company.domain}`;
}

type Status = 'Valid' | 'MostProbable' | 'NotFound';

function record(company: Company, status: Status, email: string | null, mostProbableEmail: string | null, cost: number) {
  return {
    email,
    emailDomain: company.domain,
    status,
    mostProbableEmail,
    patterns: [company.emailPattern],
    mxfound: true,
    smtpCheck: status === 'Valid',
    cachAll: company.catchall,
    company: company.name,
    creditBurn: cost,
  };
}

export const findEmail: Operation = {
  name: 'findEmail',
  paths: ['/v6/findEmail', '/v8/findEmail'],
  billable: true,
  handle({ params, index }) {
    const fullName = params.string('fullName');
    const companyText = params.string('company');
    const slug = params.string('networkInSlug');
    const step = params.string('findEmailV2Step') ?? '3';
    params.string('findEmailV2Country'); // accepted, and ignored: the directory knows where people work
    if (fullName === undefined) throw badRequest('fullName is required.');
    if (companyText === undefined && slug === undefined) throw badRequest('Send company or networkInSlug with fullName.');
    if (step !== '2' && step !== '3') throw badRequest('findEmailV2Step must be 2 (domain only) or 3 (full).');

    let person: Person | undefined = slug === undefined ? undefined : index.personBySlug(slug);
    const company = person ? index.companyOf(person) : companyText === undefined ? undefined : index.company(companyText);
    if (!company) throw notFound();
    person ??= index.personByName({ fullName }, company);

    if (step === '2') return { cost: 0, body: record(company, 'NotFound', null, null, 0) };
    if (company.catchall) {
      // The domain accepts every address, so nothing can be verified: a free 'Most Probable'.
      const guess = person?.email ?? guessAddress(fullName, company);
      return { cost: PRICES.mostProbableEmail, body: record(company, 'MostProbable', null, guess, PRICES.mostProbableEmail) };
    }
    if (person?.email) return { cost: PRICES.verifiedEmail, body: record(company, 'Valid', person.email, null, PRICES.verifiedEmail) };
    return { cost: 0, body: record(company, 'NotFound', null, null, 0) };
  },
};
