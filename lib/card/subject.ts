import type { CompanyContact, PersonContact } from '@/lib/contacts/model';
import type { Detection } from '@/lib/extract/detection';
import { identity } from '@/lib/identity/keys';
import type { Corrections } from '@/lib/panel/actions';

/**
 * Who a contact card is about: the merged contact (and its company) when the book has one, and
 * what the page said (the seed) for the header before any lookup, on a first visit.
 */
export interface CardSeed {
  kind: 'person' | 'company';
  fullName?: string;
  title?: string;
  company?: string;
  location?: string;
  profileUrl?: string;
  microblogUsername?: string;
  /** A company page's URL. */
  companyUrl?: string;
  /** The address the person wrote from (a web mail participant): what every lookup of the card asks by. */
  email?: string;
}

export interface CardSubject {
  person: PersonContact | null;
  company: CompanyContact | null;
  seed: CardSeed | null;
}

const clean = (value: string | undefined) => value?.replace(/\s+/g, ' ').trim() || undefined;

/** The header a page gives before anything is looked up; null for pages about no one. */
export function seedOfDetection(detection: Detection | null, corrections: Corrections = {}): CardSeed | null {
  if (!detection) return null;
  if (detection.kind === 'company') {
    const name = clean(corrections.company) ?? clean(detection.company?.name);
    return name || detection.company?.url ? { kind: 'company', company: name, companyUrl: detection.company?.url } : null;
  }
  if (detection.kind !== 'person' && detection.kind !== 'salesLead' && detection.kind !== 'microblogProfile') return null;
  const p = detection.person;
  if (!p) return null;
  return {
    kind: 'person',
    fullName: clean(corrections.fullName) ?? clean(p.fullName),
    title: clean(p.jobTitle) ?? clean(p.headline),
    company: clean(corrections.company) ?? clean(p.company),
    location: clean(p.location),
    profileUrl: p.profileUrl,
    microblogUsername: p.microblogUsername,
  };
}

/** Identity keys the book files this page's subject under, strongest first (store.findContact). */
export function keysOfSeed(seed: CardSeed | null): string[] {
  if (!seed) return [];
  const keys = [
    seed.profileUrl ? identity.networkProfile(seed.profileUrl) : null,
    seed.companyUrl ? identity.networkProfile(seed.companyUrl) : null,
    seed.email ? identity.email(seed.email) : null,
    seed.microblogUsername ? `microblog:${seed.microblogUsername.replace(/^@/, '').toLowerCase()}` : null,
    seed.kind === 'person' && seed.fullName && seed.company ? identity.nameAtCompany(seed.fullName, seed.company) : null,
    seed.kind === 'company' && seed.company ? `company-name:${seed.company.toLowerCase().trim()}` : null,
  ];
  return [...new Set(keys.filter((k): k is string => Boolean(k)))];
}

/** The seed a contact gives, where the card has no page (history, popup, contact book). */
export function seedOfContact(person: PersonContact | null, company: CompanyContact | null): CardSeed | null {
  if (person) {
    return {
      kind: 'person',
      fullName: person.name?.value,
      title: person.title?.value ?? person.headline?.value,
      company: person.companyName?.value ?? company?.name?.value,
      location: person.location?.value,
      profileUrl: person.networkUrl?.value,
      microblogUsername: person.microblog?.value,
    };
  }
  if (company) return { kind: 'company', company: company.name?.value ?? company.domain?.value, companyUrl: company.networkUrl?.value };
  return null;
}

/** A web mail participant's card: the address is certain, the name is what the header shows. */
export function seedOfParticipant(participant: { name: string | null; email: string }): CardSeed {
  return { kind: 'person', fullName: participant.name ?? undefined, email: participant.email };
}
