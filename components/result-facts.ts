import type { EmailResult, Phone } from '@/lib/api/model';

/** The few facts a person-shaped answer carries, whatever the operation that found them. */
export interface ResultFacts {
  name?: string;
  jobTitle?: string;
  company?: string;
  location?: string;
  emails: EmailResult[];
  phones: Phone[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function emailsOf(v: unknown): EmailResult[] {
  return Array.isArray(v) ? v.filter((e): e is EmailResult => isRec(e) && typeof e.address === 'string') : [];
}

function phonesOf(v: unknown): Phone[] {
  return Array.isArray(v) ? v.filter((p): p is Phone => isRec(p) && typeof p.e164 === 'string') : [];
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && seen.add(key(item)));
}

/** Reads the answer's shape (see lib/api/model.ts) defensively: it was stored, and may be old. */
export function factsOf(value: unknown): ResultFacts | null {
  if (!isRec(value)) return null;
  const person = isRec(value.person) ? value.person : undefined;
  const company = isRec(value.company) ? value.company : undefined;
  const emails = [...emailsOf(person?.emails)];
  if (isRec(value.email)) emails.unshift(...emailsOf([value.email]));
  else if (typeof value.email === 'string') emails.unshift({ address: value.email, status: 'unknown', verified: false });
  const phones = [...phonesOf(person?.phones)];
  if (isRec(value.phone)) phones.unshift(...phonesOf([value.phone]));
  const name =
    str(person?.fullName) ??
    ([str(person?.firstName), str(person?.lastName)].filter(Boolean).join(' ') || undefined) ??
    str(value.displayName) ??
    (str(value.username) ? `@${str(value.username)}` : undefined) ??
    str(company?.name) ??
    str(value.name);
  const facts: ResultFacts = {
    name,
    jobTitle: str(person?.jobTitle),
    company: str(person?.companyName) ?? (person ? str(company?.name) : undefined),
    location: str(person?.location),
    emails: unique(emails, (e) => e.address.toLowerCase()),
    phones: unique(phones, (p) => p.e164),
  };
  const empty = !facts.name && !facts.jobTitle && !facts.company && !facts.emails.length && !facts.phones.length;
  return empty ? null : facts;
}
