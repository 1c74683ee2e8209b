import type { Company, EmailResult, Person, Phone } from '@/lib/enrichment/model';
import { identity, normaliseDomain } from '@/lib/identity/keys';
import type { ContactAnswer } from '@/lib/book/answer';
import type { CrmPresence, EmailGrade, PhoneKind } from '@/lib/book/model';

/**
 * What one answer says about a person and a company, before it is merged into the book: plain
 * values and the identity keys they reveal. One function per operation's shape; merge.ts then
 * decides who it is about and what wins.
 */
export type PersonFactName = 'name' | 'title' | 'headline' | 'location' | 'companyName' | 'networkUrl' | 'photoUrl' | 'microblog';
export type CompanyFactName =
  | 'name'
  | 'domain'
  | 'website'
  | 'networkUrl'
  | 'industry'
  | 'size'
  | 'employeeCount'
  | 'founded'
  | 'headquarters'
  | 'country'
  | 'description';

export interface EmailDraft {
  address: string;
  kind: 'work' | 'personal';
  grade: EmailGrade;
}
export interface PhoneDraft {
  e164: string;
  international: string;
  kind: PhoneKind;
  whatsapp?: boolean;
  /** When `whatsapp` was checked, when older than the answer carrying it (two contacts joined). */
  whatsappCheckedAt?: number;
}

export interface PersonDraft {
  /** Strong identity keys (profile, email, phone), strongest first. */
  keys: string[];
  /** A name-at-company key, used only when there is no strong key. */
  nameKey?: string;
  facts: Partial<Record<PersonFactName, string>>;
  urls: string[];
  emails: EmailDraft[];
  phones: PhoneDraft[];
  crm?: Omit<CrmPresence, 'checkedAt'>;
}

export interface CompanyDraft {
  keys: string[];
  facts: Partial<Record<CompanyFactName, string>>;
  phone?: PhoneDraft;
}

export interface Drafts {
  person?: PersonDraft;
  company?: CompanyDraft;
  /** Only attaches to contacts that exist (the CRM check creates no one). */
  attachOnly?: boolean;
}

/** Mailbox providers: an address there is the person's own, not their employer's. */
const PERSONAL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.fr', 'yahoo.co.uk', 'hotmail.com', 'hotmail.fr', 'outlook.com', 'live.com',
  'msn.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.de', 'gmx.net', 'web.de',
  'orange.fr', 'free.fr', 'laposte.net', 'sfr.fr', 'yandex.ru', 'mail.ru', 'zoho.com', 'fastmail.com', 'hey.com',
  'example-mail.test',
]);

export function emailKind(address: string, companyDomain?: string): 'work' | 'personal' {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (companyDomain && (domain === companyDomain || domain.endsWith(`.${companyDomain}`))) return 'work';
  return PERSONAL_DOMAINS.has(domain) ? 'personal' : 'work';
}

function gradeOf(email: EmailResult, catchAll?: boolean): EmailGrade {
  if (email.verified || email.status === 'verified') return 'verified';
  if (catchAll) return 'catch_all';
  return email.status === 'most_probable' ? 'most_probable' : 'unverified';
}

function phoneDraft(phone: Phone): PhoneDraft {
  const kind: PhoneKind = phone.type === 'mobile' || phone.type === 'landline' || phone.type === 'work' ? phone.type : 'unknown';
  return { e164: phone.e164, international: phone.international, kind, ...(phone.whatsapp !== undefined ? { whatsapp: phone.whatsapp } : {}) };
}

const present = (value: string | undefined | null): value is string => typeof value === 'string' && value.trim() !== '';
const unique = (keys: (string | null | undefined)[]) => [...new Set(keys.filter(present))];

/** Strong keys, strongest kind first: profile, then email, then phone, then a microblog handle. */
const KEY_RANK = ['person:', 'email:', 'phone:', 'microblog:'];
export const keyRank = (key: string): number => {
  const rank = KEY_RANK.findIndex((prefix) => key.startsWith(prefix));
  return rank < 0 ? KEY_RANK.length : rank;
};

export function orderKeys(keys: readonly (string | null | undefined)[]): string[] {
  return unique([...keys])
    .filter((k) => keyRank(k) < KEY_RANK.length)
    .sort((a, b) => keyRank(a) - keyRank(b));
}

function locationOf(person: Person): string | undefined {
  if (present(person.location)) return person.location;
  const parts = [person.city, person.region, person.country].filter(present);
  return parts.length ? parts.join(', ') : undefined;
}

function personDraft(person: Person, requestKeys: readonly string[], extras: { companyDomain?: string; personalEmail?: string } = {}): PersonDraft {
  const profileKey = person.networkUrl ? identity.networkProfile(person.networkUrl) : null;
  const emails: EmailDraft[] = person.emails.map((email) => ({
    address: email.address.toLowerCase(),
    // What the gateway says first; else the address asked as personal, else its domain.
    kind: email.type ?? (email.address.toLowerCase() === extras.personalEmail ? 'personal' : emailKind(email.address, extras.companyDomain)),
    grade: gradeOf(email),
  }));
  const fullName = person.fullName ?? ([person.firstName, person.lastName].filter(present).join(' ') || undefined);
  return {
    keys: orderKeys([
      ...requestKeys,
      profileKey,
      ...emails.filter((e) => e.grade === 'verified').map((e) => `email:${e.address}`),
      ...person.phones.map((p) => `phone:${p.e164}`),
      person.microblogUsername ? `microblog:${person.microblogUsername.replace(/^@/, '').toLowerCase()}` : null,
    ]),
    nameKey: requestKeys.find((k) => k.startsWith('name:')),
    facts: {
      name: fullName,
      title: person.jobTitle,
      headline: person.headline,
      location: locationOf(person),
      companyName: person.companyName,
      networkUrl: person.networkUrl,
      photoUrl: person.photoUrl,
      microblog: person.microblogUsername?.replace(/^@/, ''),
    },
    urls: person.urls,
    emails,
    phones: person.phones.map(phoneDraft),
  };
}

function companyDraft(company: Company, requestKeys: readonly string[] = []): CompanyDraft {
  const domain = normaliseDomain(company.domain ?? company.website ?? '') ?? undefined;
  return {
    keys: unique([
      domain ? `domain:${domain}` : null,
      company.networkUrl ? identity.networkProfile(company.networkUrl) : null,
      ...requestKeys.filter((k) => k.startsWith('domain:') || k.startsWith('company:')),
    ]).concat(!domain && !company.networkUrl && company.name ? [`company-name:${company.name.toLowerCase().trim()}`] : []),
    facts: {
      name: company.name,
      domain,
      website: company.website,
      networkUrl: company.networkUrl,
      industry: company.industry ?? company.industries?.[0],
      size: company.size,
      employeeCount: company.employeeCount !== undefined ? String(company.employeeCount) : undefined,
      founded: company.founded,
      headquarters: company.headquarters,
      country: company.country,
      description: company.description,
    },
    ...(company.phone ? { phone: phoneDraft(company.phone) } : {}),
  };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** What `answer` says, as drafts; an answer that names no one gives none. */
export function draftsOf(answer: ContactAnswer): Drafts {
  const keys = answer.requestKeys;
  switch (answer.op) {
    case 'enrichPerson': {
      const { person, company } = answer.result;
      const companyOut = company ? companyDraft(company) : undefined;
      const personOut = person ? personDraft({ ...person, companyName: person.companyName ?? company?.name }, keys, { companyDomain: companyOut?.facts.domain }) : undefined;
      return { person: personOut, company: companyOut };
    }
    case 'enrichCompany':
      return { company: companyDraft(answer.result, keys) };
    case 'findWorkEmail': {
      const result = answer.result;
      const domain = normaliseDomain(result.domain ?? '') ?? undefined;
      const best = result.email ? [result.email] : [];
      const all = [...best, ...result.candidates.filter((c) => c.address.toLowerCase() !== result.email?.address.toLowerCase())];
      const emails: EmailDraft[] = all.map((email) => ({ address: email.address.toLowerCase(), kind: 'work', grade: gradeOf(email, result.catchAll) }));
      return {
        person: {
          keys: orderKeys([...keys, ...emails.filter((e) => e.grade === 'verified').map((e) => `email:${e.address}`)]),
          nameKey: keys.find((k) => k.startsWith('name:')),
          facts: { name: text(answer.input.fullName), companyName: text(answer.input.company), networkUrl: text(answer.input.profileUrl) },
          urls: [],
          emails,
          phones: [],
        },
        company: domain ? { keys: [`domain:${domain}`], facts: { domain, name: text(answer.input.company) } } : undefined,
      };
    }
    case 'searchPhone': {
      const person = answer.result.person;
      return person ? { person: personDraft(person, keys) } : {};
    }
    case 'searchPersonalEmail': {
      const personal = answer.result.email.toLowerCase();
      const person = answer.result.person;
      const withEmail = person.emails.some((e) => e.address.toLowerCase() === personal)
        ? person
        : { ...person, emails: [...person.emails, { address: personal, status: 'verified' as const, verified: true }] };
      return { person: personDraft(withEmail, keys, { personalEmail: personal }) };
    }
    case 'reversePhone': {
      const { phone, person } = answer.result;
      const phones = person.phones.some((p) => p.e164 === phone.e164) ? person.phones : [phone, ...person.phones];
      return { person: personDraft({ ...person, phones }, keys) };
    }
    case 'microblogProfile':
    case 'microblogByEmail': {
      const profile = answer.result;
      const person: Person = profile.person ?? { urls: [], emails: [], phones: [], extra: {} };
      const draft = personDraft({ ...person, fullName: person.fullName ?? profile.displayName, microblogUsername: profile.username }, keys);
      return draft.keys.length || draft.nameKey ? { person: draft } : {};
    }
    case 'crmCheck':
      return {
        attachOnly: true,
        person: { keys: orderKeys(keys), facts: {}, urls: [], emails: [], phones: [], crm: answer.result },
      };
  }
}
