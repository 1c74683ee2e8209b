import type { Company, Person } from '@/sandbox/directory';
import { continentOf, countryName, isInEu, timeZoneOf } from '@/sandbox/geo';
import { companyBlock } from '@/sandbox/records/company';
import { phoneFacts } from '@/sandbox/records/phones';

export interface FullFlags {
  companyPremium: boolean;
  companyFull: boolean;
  personFull: boolean;
  phoneFull: boolean;
  whatsappCheck: boolean;
}

export type PersonMatch = 'networkUrl' | 'email' | 'firstName+lastName+company' | 'fullName+company';
export type CompanyMatch = 'networkUrl' | 'domain' | 'name';

// Confidence is 0-100; an identifier (URL, email) is surer than a name at a company.
const PERSON_CONFIDENCE: Record<PersonMatch, number> = {
  networkUrl: 99,
  email: 95,
  'firstName+lastName+company': 90,
  'fullName+company': 85,
};
const COMPANY_CONFIDENCE: Record<CompanyMatch, number> = { networkUrl: 99, domain: 98, name: 92 };

// Records carry a fixed "last refreshed" date so answers are byte-for-byte repeatable.
const LAST_UPDATED = '2026-01-15';
const REFERENCE_YEAR = 2026;

const DECISION_MAKERS = new Set(['C-Level', 'VP', 'Director']);

/**
 * Facts every person record carries beyond the interface's, whatever the flags: where and
 * when the person works, what can be found for them (without revealing it: the phones and
 * personal emails themselves come with their flags or operations), and their public profiles.
 */
function profileFacts(person: Person, company: Company) {
  const phones = phoneFacts(person);
  const previous = person.experience.find((position) => position.endDate !== null);
  const school = person.education[0];
  return {
    timezone: timeZoneOf(person.country, person.region),
    continent: continentOf(person.country),
    industry: company.industry,
    isDecisionMaker: DECISION_MAKERS.has(person.seniority),
    yearsInRole: REFERENCE_YEAR - Number(person.startDate.slice(0, 4)),
    previousCompany: previous?.company ?? null,
    previousJobTitle: previous?.title ?? null,
    highestDegree: school?.degree ?? null,
    almaMater: school?.school ?? null,
    primaryLanguage: person.languages[0] ?? null,
    emailDomain: person.email ? company.domain : null,
    emailType: person.email ? 'work' : null,
    hasPhone: phones.length > 0,
    hasMobile: phones.some((phone) => phone.type === 'mobile'),
    // Personal emails are offered only outside the EU (interface, section 1), so the hint is too.
    hasPersonalEmail: Boolean(person.personalEmail) && !isInEu(person.country),
    microblogFollowers: person.microblog?.followers ?? null,
    socialProfiles: [
      { network: 'professional', url: person.networkUrl, username: person.slug },
      ...(person.microblogUsername ? [{ network: 'microblog', url: `https://x.com/${person.microblogUsername}`, username: person.microblogUsername }] : []),
    ],
  };
}

export function workEmailStatus(person: Person, company: Company): 'Valid' | 'MostProbable' | null {
  if (!person.email) return null;
  return company.catchall ? 'MostProbable' : 'Valid';
}

/** The `data` object of /v2/full for a person, shaped by the optional flags. */
export function fullPersonRecord(person: Person, company: Company, flags: FullFlags, match: PersonMatch, creditBurn: number) {
  const phones = phoneFacts(person);
  const record: Record<string, unknown> = {
    fullName: person.fullName,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    jobTitle: person.jobTitle,
    company: companyBlock(company, { premium: flags.companyPremium, full: flags.companyFull }),
    personConfidenceScore: PERSON_CONFIDENCE[match],
    companyConfidence: 97,
    personId: person.id,
    networkUrl: person.networkUrl,
    networkSlug: person.slug,
    headline: person.headline,
    seniority: person.seniority,
    department: person.department,
    startDate: person.startDate,
    location: person.location,
    city: person.city,
    region: person.region,
    country: person.country,
    countryName: countryName(person.country),
    inEu: isInEu(person.country),
    emailStatus: workEmailStatus(person, company),
    microblogUsername: person.microblogUsername,
    microblogUrl: person.microblogUsername ? `https://x.com/${person.microblogUsername}` : null,
    photoUrl: `https://media.sandbox.example/photos/${person.id}.png`,
    ...profileFacts(person, company),
    matchedBy: match,
    lastUpdated: LAST_UPDATED,
  };
  if (flags.personFull) {
    const earliest = Math.min(...person.experience.map((position) => Number(position.startDate.slice(0, 4))));
    Object.assign(record, {
      summary: person.summary,
      skills: person.skills,
      languages: person.languages,
      experiences: person.experience.map((position) => ({ ...position, current: position.endDate === null })),
      education: person.education,
      yearsOfExperience: REFERENCE_YEAR - earliest,
      connections: person.connections,
      followers: person.followers,
      emails: [
        ...(person.email ? [{ address: person.email, type: 'work', status: workEmailStatus(person, company) }] : []),
        // Personal emails are offered only outside the EU (interface, section 1).
        ...(person.personalEmail && !isInEu(person.country) ? [{ address: person.personalEmail, type: 'personal', status: 'Valid' }] : []),
      ],
    });
  }
  if (flags.phoneFull) {
    record.phones = phones.map(({ whatsapp, ...phone }) => (flags.whatsappCheck ? { ...phone, whatsapp } : phone));
  }
  if (flags.whatsappCheck) record.hasWhatsapp = phones.some((phone) => phone.whatsapp);
  record.creditBurn = creditBurn;
  return record;
}

/** The `data` object of /v2/full when companyPremium enriches a company on its own. */
export function fullCompanyRecord(company: Company, flags: FullFlags, match: CompanyMatch, creditBurn: number) {
  return {
    company: companyBlock(company, { premium: true, full: flags.companyFull }),
    companyConfidence: COMPANY_CONFIDENCE[match],
    matchedBy: `company:${match}`,
    lastUpdated: LAST_UPDATED,
    creditBurn,
  };
}
