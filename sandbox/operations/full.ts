import type { Company, Person } from '@/sandbox/directory';
import { badRequest, notFound } from '@/sandbox/errors';
import type { DirectoryIndex } from '@/sandbox/match/lookup';
import { domainKey, emailKey, foldText, parseNetworkUrl } from '@/sandbox/match/normalize';
import type { QueryParams } from '@/sandbox/params';
import { PRICES } from '@/sandbox/prices';
import { phoneFacts } from '@/sandbox/records/phones';
import { fullCompanyRecord, fullPersonRecord, type CompanyMatch, type FullFlags, type PersonMatch } from '@/sandbox/records/full';
import type { Answer, Operation } from '@/sandbox/operations/operation';

const GROUPS_HINT = 'send data (a profile URL or a work email), firstName+lastName+company, or fullName+company';

function readFlags(params: QueryParams): FullFlags {
  return {
    companyPremium: params.flag('companyPremium'),
    companyFull: params.flag('companyFull'),
    personFull: params.flag('personFull'),
    phoneFull: params.flag('phoneFull'),
    whatsappCheck: params.flag('whatsappCheck'),
  };
}

/**
 * 2 per match, plus 30 per mobile number the answer carries (only `phoneFull` returns them), as
 * the live gateway is seen to charge. A person has at most MAX_MOBILES_PER_ANSWER phones.
 */
export function personCost(person: Person, flags: Pick<FullFlags, 'phoneFull'>): number {
  const mobiles = flags.phoneFull ? phoneFacts(person).filter((phone) => phone.type === 'mobile').length : 0;
  return PRICES.fullEnrichment + mobiles * PRICES.mobileInFullEnrichment;
}

function personAnswer(index: DirectoryIndex, person: Person | undefined, flags: FullFlags, match: PersonMatch): Answer {
  if (!person) throw notFound();
  const cost = personCost(person, flags);
  return { cost, body: { data: fullPersonRecord(person, index.companyOf(person), flags, match, cost) } };
}

function companyAnswer(company: Company | undefined, flags: FullFlags, match: CompanyMatch): Answer {
  if (!company) throw notFound();
  const cost = PRICES.fullEnrichment;
  return { cost, body: { data: fullCompanyRecord(company, flags, match, cost) } };
}

function companyByNameOrDomain(index: DirectoryIndex, text: string, flags: FullFlags): Answer {
  const company = index.company(text);
  const match: CompanyMatch = company && foldText(company.name) === foldText(text) ? 'name' : 'domain';
  return companyAnswer(company, flags, match);
}

/** Preference 1: `data`, a profile URL or a work email (or, with companyPremium, a company). */
function byData(index: DirectoryIndex, data: string, flags: FullFlags): Answer {
  const target = parseNetworkUrl(data);
  if (target?.kind === 'person') return personAnswer(index, index.personBySlug(target.slug), flags, 'networkUrl');
  if (target?.kind === 'company') {
    if (!flags.companyPremium) throw badRequest('A company profile URL needs companyPremium=true.');
    return companyAnswer(index.companyBySlug(target.slug), flags, 'networkUrl');
  }
  if (data.includes('@')) {
    if (!emailKey(data)) throw badRequest('data is not a valid email address.');
    return personAnswer(index, index.personByWorkEmail(data), flags, 'email');
  }
  if (flags.companyPremium) return companyByNameOrDomain(index, data, flags);
  if (domainKey(data) && /linkedin\./i.test(data)) throw badRequest('data is a network URL but not a person profile URL.');
  throw badRequest(`data must be a profile URL or a work email (a company name or domain needs companyPremium=true); ${GROUPS_HINT}.`);
}

export const fullEnrichment: Operation = {
  name: 'full',
  paths: ['/v2/full'],
  billable: true,
  handle({ params, index }) {
    const flags = readFlags(params);
    const data = params.string('data');
    const firstName = params.string('firstName');
    const lastName = params.string('lastName');
    const fullName = params.string('fullName');
    const companyText = params.string('company');

    if (data !== undefined) return byData(index, data, flags);
    if (firstName !== undefined && lastName !== undefined && companyText !== undefined) {
      const company = index.company(companyText);
      return personAnswer(index, company && index.personByName({ firstName, lastName }, company), flags, 'firstName+lastName+company');
    }
    if (fullName !== undefined && companyText !== undefined) {
      const company = index.company(companyText);
      return personAnswer(index, company && index.personByName({ fullName }, company), flags, 'fullName+company');
    }
    if (companyText !== undefined && flags.companyPremium && firstName === undefined && lastName === undefined && fullName === undefined) {
      return companyByNameOrDomain(index, companyText, flags);
    }
    throw badRequest(`Missing parameters: ${GROUPS_HINT}.`);
  },
};
