import type { Company, CompanyFunding, Phone } from '@/lib/enrichment/model';
import { block, count, extraOf, first, joinParts, text, texts, type Block } from '@/lib/api/responses/fields';
import { mergeExtra } from '@/lib/api/responses/person';
import { phoneFrom } from '@/lib/api/responses/phones';

const FIELDS = {
  name: ['name', 'companyName', 'legalName'],
  website: ['website', 'url', 'websiteUrl', 'homepage'],
  domain: ['domain', 'emailDomain'],
  networkUrl: ['networkUrl', 'linkedUrl', 'linkedinUrl', 'linkedInUrl', 'profileUrl'],
  industry: ['industry'],
  size: ['size', 'companySize'],
  employeeCount: ['employeeCount', 'employees', 'staffCount', 'headcount'],
  founded: ['founded', 'foundedYear', 'yearFounded', 'foundedOn'],
  headquarters: ['headquarters', 'headquarter', 'hq'],
  description: ['description', 'about', 'tagline'],
  country: ['country', 'headquaterAddrCountry', 'headquarterAddrCountry'],
  confidence: ['companyConfidence', 'confidence'],
  type: ['type', 'companyType', 'organizationType'],
  revenueRange: ['revenueRange', 'revenue', 'annualRevenue'],
  funding: ['funding', 'fundingInfo'],
  specialties: ['specialties', 'specialities'],
  technologies: ['technologies', 'techStack'],
} as const;

const FUNDING = {
  totalRaisedUsd: ['totalRaisedUsd', 'totalRaised', 'totalFunding', 'amountUsd'],
  lastRound: ['lastRound', 'lastRoundType', 'stage'],
  lastRoundDate: ['lastRoundDate', 'lastFundingDate'],
} as const;

/** The live gateway's premium block spells its address "headquater…" (sic). */
const HQ_PARTS = [
  ['headquaterAddrLine', 'headquarterAddrLine', 'headquaterAddrStreet'],
  ['headquaterAddrLocality', 'headquarterAddrLocality'],
  ['headquaterAddrRegion', 'headquarterAddrRegion'],
  ['headquaterAddrPostalCode', 'headquarterAddrPostalCode'],
  ['headquaterAddrCountry', 'headquarterAddrCountry'],
] as const;
/** The interface dialect's `headquarters` object. */
const HQ_OBJECT_PARTS = [['address', 'line1', 'street'], ['city', 'locality'], ['region', 'state'], ['postalCode'], ['countryName', 'country']] as const;
const LOCATION_PARTS = [['locality', 'city'], ['region', 'state'], ['country']] as const;

const KNOWN = new Set<string>([
  ...Object.values(FIELDS).flat(),
  ...HQ_PARTS.flat(),
  ...LOCATION_PARTS.flat(),
  'industries',
  'phone',
  'switchboard',
]);

/**
 * Builds one company from every block that describes it, most specific first: the
 * interface's `data.company`, then the live `company.basic` and `company.premium`.
 * `company.full` (funding-style cards) has no place in the model and is kept whole.
 */
export function companyFromBlocks(
  sources: Array<[label: string, source: Block | undefined]>,
  options: { switchboard?: Phone | undefined; full?: unknown; confidence?: number | undefined } = {},
): Company | undefined {
  const labelled = sources.filter((entry): entry is [string, Block] => entry[1] !== undefined);
  const present = labelled.map(([, source]) => source);
  const company: Company = { extra: {} };
  const pick = <T>(read: (source: Block) => T | undefined): T | undefined => {
    for (const source of present) {
      const value = read(source);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  set(company, 'name', pick((s) => first(text, s, FIELDS.name)));
  set(company, 'website', pick((s) => first(text, s, FIELDS.website)));
  set(company, 'domain', pick((s) => first(text, s, FIELDS.domain)) ?? domainOf(company.website));
  set(company, 'networkUrl', pick((s) => first(text, s, FIELDS.networkUrl)));
  const industries = [...new Set(present.flatMap((s) => texts.parse(s.industries)))];
  if (industries.length) company.industries = industries;
  set(company, 'industry', pick((s) => first(text, s, FIELDS.industry)) ?? industries[0]);
  set(company, 'size', pick((s) => first(text, s, FIELDS.size)));
  set(company, 'employeeCount', pick((s) => first(count, s, FIELDS.employeeCount)));
  set(company, 'founded', pick((s) => first(text, s, FIELDS.founded)));
  set(company, 'description', pick((s) => first(text, s, FIELDS.description)));
  const hqObject = pick((s) => FIELDS.headquarters.map((key) => block.parse(s[key])).find(Boolean));
  set(company, 'country', pick((s) => first(text, s, FIELDS.country)) ?? first(text, hqObject, ['country', 'countryName']));
  set(
    company,
    'headquarters',
    pick((s) => first(text, s, FIELDS.headquarters)) ??
      joinParts(...HQ_OBJECT_PARTS.map((keys) => first(text, hqObject, keys))) ??
      pick((s) => joinParts(...HQ_PARTS.map((keys) => first(text, s, keys)))) ??
      pick((s) => joinParts(...LOCATION_PARTS.map((keys) => first(text, s, keys)))),
  );
  set(company, 'phone', options.switchboard ?? pick((s) => phoneFrom(s.phone ?? s.switchboard, 'work')));
  set(company, 'type', pick((s) => first(text, s, FIELDS.type)));
  set(company, 'revenueRange', pick((s) => first(text, s, FIELDS.revenueRange)));
  set(company, 'funding', pick((s) => fundingOf(FIELDS.funding.map((key) => block.parse(s[key])).find(Boolean))));
  set(company, 'specialties', pick((s) => listOf(s, FIELDS.specialties)));
  set(company, 'technologies', pick((s) => listOf(s, FIELDS.technologies)));
  set(company, 'confidence', options.confidence ?? pick((s) => first(count, s, FIELDS.confidence)));

  company.extra = labelled.reduce<Record<string, unknown>>(
    (extra, [label, source]) => mergeExtra(extra, extraOf(source, KNOWN), label),
    {},
  );
  if (options.full !== undefined && options.full !== null) company.extra.full = options.full;
  // The text form loses the address's structure; the object stays available as sent.
  if (hqObject) company.extra.headquarters = hqObject;
  return isKnownCompany(company) ? company : undefined;
}

/** The first of several synonymous list fields that holds any text. */
function listOf(source: Block, keys: readonly string[]): string[] | undefined {
  for (const key of keys) {
    const values = texts.parse(source[key]);
    if (values.length) return values;
  }
  return undefined;
}

function fundingOf(source: Block | undefined): CompanyFunding | undefined {
  if (!source) return undefined;
  const funding: CompanyFunding = {};
  const total = first(count, source, FUNDING.totalRaisedUsd);
  if (total !== undefined) funding.totalRaisedUsd = total;
  const round = first(text, source, FUNDING.lastRound);
  if (round !== undefined) funding.lastRound = round;
  const date = first(text, source, FUNDING.lastRoundDate);
  if (date !== undefined) funding.lastRoundDate = date;
  return Object.keys(funding).length ? funding : undefined;
}

/** A bare string where a company block was expected is the company's name. */
export function companyBlock(value: unknown): Block | undefined {
  const name = text.parse(value);
  return name ? { name } : block.parse(value);
}

function isKnownCompany(company: Company): boolean {
  return Boolean(company.name || company.domain || company.website || company.networkUrl);
}

/** `https://www.acme.example/about` → `acme.example`: the identity the ledger files companies under. */
export function domainOf(website: string | undefined): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(website) ? website : `https://${website}`);
    return url.hostname.replace(/^www\./, '').toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

function set<K extends keyof Company>(company: Company, key: K, value: Company[K] | undefined): void {
  if (value !== undefined) company[key] = value;
}
