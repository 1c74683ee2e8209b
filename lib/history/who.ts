import type { ContactAnswer } from '../contacts/answer';
import { personLabel } from '../contacts/naming';
import { parseNetworkProfileUrl } from '../identity/network-profile';
import { isLookupOperation } from '../lookup/operation-names';
import type { HistoryEntry } from './entry';

/**
 * Who a recorded lookup is about, as every screen names them ("Maya Chen · Northwind
 * Analytics"): read from the entry's own answer, else from what was asked. Light on purpose
 * (no zod, no phone library): the popup names its recent lookups with it before first paint.
 */
export interface Who {
  name: string;
  company?: string;
  /** `person:<slug>` when the entry names the profile: the same person across lookups. */
  profileKey?: string;
}

type LookupAnswer = Exclude<ContactAnswer, { op: 'crmCheck' }>;

/** A lookup's answer typed by its operation: `{ op: 'searchPhone', value: PhoneSearchResult }`, … */
export type TypedResult = LookupAnswer extends infer A ? (A extends { op: infer O; value: infer V } ? { op: O; value: V } : never) : never;

/**
 * The entry's answer with its operation's type. The one assertion between the history and the
 * screens: the answer was parsed for its operation (lib/api) before it was recorded. Once
 * history entries are typed by operation, this becomes a plain read.
 */
export function typedResult(entry: Pick<HistoryEntry, 'op' | 'result'>): TypedResult | null {
  if (!isLookupOperation(entry.op) || typeof entry.result !== 'object' || entry.result === null) return null;
  return { op: entry.op, value: entry.result } as TypedResult;
}

/** Stored answers may be from an older release: every field is read as possibly missing. */
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

function profileKeyOf(url: unknown): string | undefined {
  const ref = typeof url === 'string' ? parseNetworkProfileUrl(url) : null;
  return ref?.kind === 'person' ? `person:${ref.slug}` : undefined;
}

interface PersonLike {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  networkUrl?: string;
}

function whoOfPerson(person: PersonLike | undefined, company?: string): Who | null {
  if (!person) return null;
  const name = str(person.fullName) ?? ([str(person.firstName), str(person.lastName)].filter(Boolean).join(' ') || undefined);
  if (!name) return null;
  return { name, company: str(person.companyName) ?? str(company), profileKey: profileKeyOf(person.networkUrl) };
}

/** Who an answer names, or null when it names no one (an empty answer). */
export function whoOfResult(result: TypedResult, input: Record<string, unknown> = {}): Who | null {
  switch (result.op) {
    case 'enrichPerson': {
      const { person, company } = result.value;
      const who = whoOfPerson(person, company?.name);
      const companyName = str(company?.name);
      return who ?? (companyName ? { name: companyName } : null);
    }
    case 'enrichCompany': {
      const name = str(result.value.name) ?? str(result.value.domain);
      return name ? { name } : null;
    }
    case 'findWorkEmail': {
      // The answer holds addresses only: the name is what was asked.
      const name = str(input.fullName);
      return name ? { name, company: str(input.company) ?? str(result.value.domain), profileKey: profileKeyOf(input.profileUrl) } : null;
    }
    case 'searchPhone':
      return whoOfPerson(result.value.person);
    case 'searchPersonalEmail':
    case 'reversePhone':
      return whoOfPerson(result.value.person);
    case 'microblogProfile':
    case 'microblogByEmail': {
      const { person, displayName, username } = result.value;
      const who = whoOfPerson(person);
      if (who) return who;
      const name = str(displayName) ?? (str(username) ? `@${str(username)}` : undefined);
      return name ? { name, company: str(person?.companyName), profileKey: profileKeyOf(person?.networkUrl) } : null;
    }
  }
}

/** Who an entry is about: its answer, else the name it asked about (a miss, a failure). */
export function whoOfEntry(entry: Pick<HistoryEntry, 'op' | 'result' | 'input'>): Who | null {
  const typed = typedResult(entry);
  const fromResult = typed ? whoOfResult(typed, entry.input) : null;
  if (fromResult) return fromResult.profileKey ? fromResult : { ...fromResult, profileKey: profileKeyOf(entry.input.profileUrl) };
  const asked = str(entry.input.fullName) ?? ([str(entry.input.firstName), str(entry.input.lastName)].filter(Boolean).join(' ') || undefined);
  return asked ? { name: asked, company: str(entry.input.company), profileKey: profileKeyOf(entry.input.profileUrl) } : null;
}

/** The entry's line on screen: the person's name and company, its subject (a URL, a number) only when no name is known. */
export function entryName(entry: Pick<HistoryEntry, 'op' | 'result' | 'input' | 'subject'>): string {
  const who = whoOfEntry(entry);
  return who ? personLabel(who.name, who.company) : entry.subject;
}

/** One person in the popup's recent list, with what was done about them. */
export interface RecentPerson {
  /** The key the entries were grouped by (a profile, else the entry's identity, else its subject). */
  key: string;
  /** "Maya Chen · Northwind Analytics", or null when none of the entries names them. */
  name: string | null;
  /** Identity keys of the person, strongest first, to ask the contact book for a name. */
  keys: string[];
  /** Newest first. */
  entries: HistoryEntry[];
  credits: number;
}

/**
 * The recent entries as people, newest first: the lookups about one person (one profile, else
 * one identity) become one line. Entries are read newest first, so each line's name is the
 * newest one known.
 */
export function recentPeople(entries: readonly HistoryEntry[], max = 20): RecentPerson[] {
  const people: RecentPerson[] = [];
  const byKey = new Map<string, RecentPerson>();
  for (const entry of entries) {
    const who = whoOfEntry(entry);
    const keys = [who?.profileKey, entry.identity ?? undefined].filter((k): k is string => Boolean(k));
    if (!keys.length) keys.push(`subject:${entry.subject}`);
    let person = keys.map((k) => byKey.get(k)).find(Boolean);
    if (!person) {
      if (people.length >= max) continue;
      person = { key: keys[0]!, name: null, keys: [], entries: [], credits: 0 };
      people.push(person);
    }
    person.entries.push(entry);
    person.credits += entry.cost;
    if (!person.name && who) person.name = personLabel(who.name, who.company);
    for (const key of keys) {
      byKey.set(key, person);
      if (!key.startsWith('subject:') && !person.keys.includes(key)) person.keys.push(key);
    }
  }
  return people;
}
