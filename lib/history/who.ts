import { personLabel } from '@/lib/book/naming';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { answer, BALANCE_DIFFERENCE, type OperationAnswer } from '@/lib/lookup/operation-names';
import type { HistoryEntry } from '@/lib/history/entry';
import { isLookupEntry } from '@/lib/history/entry-kind';

/**
 * Who a recorded lookup is about, as every screen names them ("Maya Chen · Northwind
 * Analytics"): read from the entry's own answer, else from what was asked. No phone library:
 * the popup names its recent lookups with it before first paint.
 */
export interface Who {
  name: string;
  company?: string;
  /** `person:<slug>` when the entry names the profile: the same person across lookups. */
  profileKey?: string;
}

/** The entry's answer, typed by its operation; null for a miss, a failure, a CRM push. */
export function entryAnswer(entry: HistoryEntry): OperationAnswer | null {
  return isLookupEntry(entry) && entry.result !== undefined ? answer(entry.op, entry.result) : null;
}

/** Gateway text may be blank or padded: a name is a non-empty trimmed string. */
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
export function whoOfResult(found: OperationAnswer, input: Record<string, unknown> = {}): Who | null {
  switch (found.op) {
    case 'enrichPerson': {
      const { person, company } = found.result;
      const who = whoOfPerson(person, company?.name);
      const companyName = str(company?.name);
      return who ?? (companyName ? { name: companyName } : null);
    }
    case 'enrichCompany': {
      const name = str(found.result.name) ?? str(found.result.domain);
      return name ? { name } : null;
    }
    case 'findWorkEmail': {
      // The answer holds addresses only: the name is what was asked.
      const name = str(input.fullName);
      return name ? { name, company: str(input.company) ?? str(found.result.domain), profileKey: profileKeyOf(input.profileUrl) } : null;
    }
    case 'searchPhone':
      return whoOfPerson(found.result.person);
    case 'searchPersonalEmail':
    case 'reversePhone':
      return whoOfPerson(found.result.person);
    case 'microblogProfile':
    case 'microblogByEmail': {
      const { person, displayName, username } = found.result;
      const who = whoOfPerson(person);
      if (who) return who;
      const name = str(displayName) ?? (str(username) ? `@${str(username)}` : undefined);
      return name ? { name, company: str(person?.companyName), profileKey: profileKeyOf(person?.networkUrl) } : null;
    }
  }
}

/**
 * Who an entry is about: its answer, else the name it asked about, else the name the page showed
 * when it was asked (a miss, a failure).
 */
export function whoOfEntry(entry: HistoryEntry): Who | null {
  const found = entryAnswer(entry);
  const fromResult = found ? whoOfResult(found, entry.input) : null;
  if (fromResult) return fromResult.profileKey ? fromResult : { ...fromResult, profileKey: profileKeyOf(entry.input.profileUrl) };
  const asked = str(entry.input.fullName) ?? ([str(entry.input.firstName), str(entry.input.lastName)].filter(Boolean).join(' ') || undefined);
  if (asked) return { name: asked, company: str(entry.input.company), profileKey: profileKeyOf(entry.input.profileUrl) };
  const shown = str(entry.about?.name);
  return shown ? { name: shown, company: str(entry.about?.company), profileKey: profileKeyOf(entry.input.profileUrl) } : null;
}

/** The entry's line on screen: the person's name and company, its subject (a URL, a number) only when no name is known. */
export function entryName(entry: HistoryEntry): string {
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
    // A balance difference is about the account, not a person.
    if (entry.op === BALANCE_DIFFERENCE) continue;
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
