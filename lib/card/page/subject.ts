import type { CompanyContact, PersonContact } from '@/lib/book/model';
import { identity } from '@/lib/identity/keys';
import type { CardSeed } from '@/lib/card/page/seed';

export { seedOfDetection, type CardSeed } from '@/lib/card/page/seed';

/**
 * Who a contact card is about: the merged contact (and its company) when the book has one, and
 * what the page said (the seed) for the header before any lookup, on a first visit.
 */
export interface CardSubject {
  person: PersonContact | null;
  company: CompanyContact | null;
  seed: CardSeed | null;
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
