import { DEFAULT_VALUE_AGES, VALUE_AGE_KINDS, type ValueAgeKind, type ValueAges } from '@/lib/settings/preferences';
import type { Contact, EmailFact, Fact, PhoneFact } from '@/lib/book/model';

/**
 * How fresh a value is: 'fresh', then 'ageing' once it is the kind's ageing age, then 'stale'
 * once it is its stale age (the user's settings, `valueAge`, lib/settings/preferences.ts).
 * Pure: the card, the book's filter, the bulk quote and the CRM push's warning all ask here.
 *
 * A value's age runs from when an answer last said it: a refresh that finds the same address
 * again makes it fresh, a ledger repeat does not (its answer keeps the date it was paid for).
 */
export type Freshness = 'fresh' | 'ageing' | 'stale';
export type { ValueAgeKind, ValueAges };
export { VALUE_AGE_KINDS };

export const DAY_MS = 86_400_000;

const RANK: Record<Freshness, number> = { fresh: 0, ageing: 1, stale: 2 };

const wholeDays = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;

/**
 * The ages of one kind, from settings that may be missing or broken (an older release, a hand
 * edit): a kind whose two ages are not whole days with stale after ageing takes its defaults.
 */
export function agesOf(kind: ValueAgeKind, ages: Partial<ValueAges> | null | undefined): { ageingDays: number; staleDays: number } {
  const own = ages?.[kind] as { ageingDays?: unknown; staleDays?: unknown } | undefined;
  if (own && wholeDays(own.ageingDays) && wholeDays(own.staleDays) && own.staleDays > own.ageingDays) return { ageingDays: own.ageingDays, staleDays: own.staleDays };
  return DEFAULT_VALUE_AGES[kind];
}

/**
 * The state of a value of `kind` last said at `at`, at `now`. A date in the future (another
 * device's clock) is fresh; a date that is no number says nothing and is not flagged.
 */
export function freshnessOf(kind: ValueAgeKind, at: number | null | undefined, now: number, ages?: Partial<ValueAges> | null): Freshness {
  if (typeof at !== 'number' || !Number.isFinite(at) || !Number.isFinite(now)) return 'fresh';
  const { ageingDays, staleDays } = agesOf(kind, ages);
  const age = now - at;
  if (age >= staleDays * DAY_MS) return 'stale';
  if (age >= ageingDays * DAY_MS) return 'ageing';
  return 'fresh';
}

/** The worse of two states. */
export function worse(a: Freshness, b: Freshness): Freshness {
  return RANK[b] > RANK[a] ? b : a;
}

/** Whether `state` is at least `least` ('ageing' takes stale ones too). */
export function atLeast(state: Freshness, least: Exclude<Freshness, 'fresh'>): boolean {
  return RANK[state] >= RANK[least];
}

/** When an answer last said this email or phone: found, or confirmed since by a newer answer. */
export function saidAt(value: EmailFact | PhoneFact): number {
  return Math.max(value.foundAt, value.source.at);
}

/** When a person's role (title, company, location) was last said: the newest of them, or null. */
export function roleSaidAt(facts: readonly (Fact | undefined)[]): number | null {
  const times = facts.flatMap((fact) => (fact ? [fact.source.at] : []));
  return times.length ? Math.max(...times) : null;
}

/** A company's facts, the ones a company lookup answers (the name and domain are what was asked). */
function companyFacts(contact: Extract<Contact, { kind: 'company' }>): (Fact | undefined)[] {
  return [contact.industry, contact.size, contact.employeeCount, contact.founded, contact.headquarters, contact.country, contact.description];
}

/**
 * The worst state of a contact's values, each by its kind: a person's work emails, phones and
 * role; a company's facts and phone. What the book's filter and the bulk quote count.
 */
export function contactFreshness(contact: Contact, now: number, ages?: Partial<ValueAges> | null): Freshness {
  let state: Freshness = 'fresh';
  const add = (kind: ValueAgeKind, at: number | null) => {
    if (at !== null) state = worse(state, freshnessOf(kind, at, now, ages));
  };
  if (contact.kind === 'person') {
    for (const email of contact.workEmails) add('email', saidAt(email));
    for (const phone of contact.phones) add('phone', saidAt(phone));
    add('role', roleSaidAt([contact.title, contact.headline, contact.location]));
  } else {
    add('company', roleSaidAt(companyFacts(contact)));
    if (contact.phone) add('phone', saidAt(contact.phone));
  }
  return state;
}

/** An email a push would send, with when an answer last said it. */
export interface DatedEmail {
  address: string;
  at: number;
}

/**
 * The emails of a push that have gone stale, oldest first: the push warns about each and waits
 * for the user's confirmation. Ageing ones go without a word (the card shows them).
 */
export function staleEmails(emails: readonly DatedEmail[], now: number, ages?: Partial<ValueAges> | null): DatedEmail[] {
  return emails.filter((email) => freshnessOf('email', email.at, now, ages) === 'stale').sort((a, b) => a.at - b.at);
}
