import type { CompanyContact, EmailFact, PhoneFact } from '@/lib/book/model';
import type { PanelAction } from '@/lib/panel/page/actions';
import { safeHttpUrl } from '@/lib/platform/ui/safe-url';
import type { CardSubject } from '@/lib/card/page/subject';
import { jobChangeOf } from '@/lib/book/job-change';
import type { JobChange } from '@/lib/book/model';

/**
 * The job change the card shows: what the page it sits on says now against the book's record,
 * else the change the book recorded (seen on an earlier visit or a search page). Free: no request.
 */
export function cardJobChange(subject: CardSubject, at = Date.now()): JobChange | null {
  const { person, seed } = subject;
  const current = seed?.current;
  const seen = current && seed.profileUrl ? { profileUrl: seed.profileUrl, ...current, seenOn: 'profile' as const } : null;
  return jobChangeOf(person, seen, at);
}

/**
 * The contact card as data: its header and one row per kind of value, each with the lookup
 * that fills it and when it was found. Screens render this; nothing here knows React.
 */
export type RowId = 'workEmail' | 'personalEmail' | 'phone' | 'microblog' | 'company';

/** The panel action that fills each row, and the header's. */
export const ROW_ACTION = {
  header: 'enrich',
  workEmail: 'email',
  phone: 'mobile',
  microblog: 'microblog',
  company: 'company',
  // A search by email where the card is about an address (web mail); elsewhere only a full
  // enrichment (the header's lookup) finds personal emails, and no card offers this action.
  personalEmail: 'personal',
} as const satisfies Record<RowId | 'header', PanelAction['id'] | null>;

export type LinkKind = 'profile' | 'microblog' | 'website' | 'companyPage';

export interface CardHeader {
  kind: 'person' | 'company';
  name?: string;
  title?: string;
  /** The profile's own headline, when it says more than the title. */
  headline?: string;
  company?: string;
  location?: string;
  /** http(s) only (lib/platform/ui/safe-url.ts). */
  links: { kind: LinkKind; href: string }[];
  /** When their record (title, location… or the company's facts) was last answered; null before any. */
  knownAt: number | null;
  /** They changed jobs (or titles) since the record was answered: what it said then. */
  jobChange?: JobChange;
}

interface RowBase {
  /** When the newest value of the row was found; null while nothing is known. */
  knownAt: number | null;
}
export type CardRow = RowBase &
  (
    /** `gone`: they changed companies, so these addresses probably no longer reach them; the row's lookup is offered again, for the new company. */
    | { id: 'workEmail'; emails: EmailFact[]; gone: boolean }
    /** `searchedAt`: when their record was last answered (a full enrichment, which finds personal emails, returns it). */
    | { id: 'personalEmail'; emails: EmailFact[]; searchedAt: number | null }
    | { id: 'phone'; phones: PhoneFact[] }
    | { id: 'microblog'; handle: string | null }
    | { id: 'company'; company: CompanyContact | null }
  );

const MICROBLOG_HOME = 'https://x.com/';

const newest = (times: readonly number[]): number | null => (times.length ? Math.max(...times) : null);

function link(kind: LinkKind, value: string | undefined): { kind: LinkKind; href: string }[] {
  const href = safeHttpUrl(value);
  return href ? [{ kind, href }] : [];
}

function websiteOf(company: CompanyContact | null): string | undefined {
  if (!company) return undefined;
  return company.website?.value ?? (company.domain ? `https://${company.domain.value}` : undefined);
}

/**
 * When the header was last answered for: the facts only a person's (or company's) record
 * carries, whichever lookup brought them (a phone search returns the record too). Name and
 * company do not count: a work email search echoes what it was asked.
 */
function headerKnownAt(subject: CardSubject): number | null {
  const { person, company } = subject;
  const facts = person
    ? [person.title, person.headline, person.location]
    : [company?.industry, company?.size, company?.employeeCount, company?.founded, company?.headquarters, company?.country, company?.description];
  return newest(facts.flatMap((fact) => (fact ? [fact.source.at] : [])));
}

export function cardHeader(subject: CardSubject): CardHeader {
  const { person, company, seed } = subject;
  if (person || seed?.kind === 'person') {
    const handle = person?.microblog?.value ?? seed?.microblogUsername;
    const change = cardJobChange(subject);
    // Changed jobs: the header says where they are now, the notice where they were.
    const title = change ? change.now.title : (person?.title?.value ?? person?.headline?.value ?? seed?.title);
    // Their old headline tells the old job: the notice says it once.
    const headline = change ? undefined : person?.headline?.value;
    return {
      kind: 'person',
      // A web mail participant may be known by their address alone.
      name: person?.name?.value ?? seed?.fullName ?? seed?.email,
      title,
      headline: headline && title && !headline.toLowerCase().includes(title.toLowerCase()) ? headline : undefined,
      company: change?.now.company ?? person?.companyName?.value ?? company?.name?.value ?? seed?.company,
      location: person?.location?.value ?? seed?.location,
      links: [
        ...link('profile', person?.networkUrl?.value ?? seed?.profileUrl),
        ...(handle ? link('microblog', `${MICROBLOG_HOME}${encodeURIComponent(handle.replace(/^@/, ''))}`) : []),
        ...link('website', websiteOf(change?.kind === 'company' ? null : company)),
      ],
      knownAt: headerKnownAt(subject),
      ...(change ? { jobChange: change } : {}),
    };
  }
  return {
    kind: 'company',
    name: company?.name?.value ?? seed?.company ?? company?.domain?.value,
    title: company?.industry?.value,
    location: company?.headquarters?.value ?? company?.country?.value,
    links: [...link('website', websiteOf(company)), ...link('companyPage', company?.networkUrl?.value ?? seed?.companyUrl)],
    knownAt: headerKnownAt(subject),
  };
}

/**
 * The rows, in the order a prospector reads them. Each address shows once, in one row: a work
 * address is never repeated among the personal ones. In EU mode the personal emails row is
 * not shown at all.
 */
export function cardRows(subject: CardSubject, options: { euMode: boolean }): CardRow[] {
  const { person } = subject;
  const moved = person ? cardJobChange(subject)?.kind === 'company' : false;
  // Their company's facts are the old employer's once they moved: the row offers the new one's.
  const company = moved ? null : subject.company;
  const companyRow: CardRow = { id: 'company', company, knownAt: company ? (headerKnownAt({ person: null, company, seed: null }) ?? company.updatedAt) : null };
  if (!person && subject.seed?.kind !== 'person') {
    const phones = company?.phone ? [company.phone] : [];
    return [companyRow, ...(phones.length ? [{ id: 'phone' as const, phones, knownAt: newest(phones.map((p) => p.foundAt)) }] : [])];
  }
  const work = person?.workEmails ?? [];
  const workAddresses = new Set(work.map((e) => e.address));
  const personal = (person?.personalEmails ?? []).filter((e) => !workAddresses.has(e.address));
  const phones = person?.phones ?? [];
  // What a prospector came for first: the work email and the phone, then the rest.
  const rows: CardRow[] = [
    { id: 'workEmail', emails: work, knownAt: newest(work.map((e) => e.foundAt)), gone: moved && work.length > 0 },
    { id: 'phone', phones, knownAt: newest(phones.map((p) => p.foundAt)) },
  ];
  if (!options.euMode) rows.push({ id: 'personalEmail', emails: personal, knownAt: newest(personal.map((e) => e.foundAt)), searchedAt: headerKnownAt(subject) });
  rows.push({ id: 'microblog', handle: person?.microblog?.value ?? null, knownAt: person?.microblog?.source.at ?? null }, companyRow);
  return rows;
}
