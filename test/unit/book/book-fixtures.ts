import type { CompanyContact, EmailGrade, PersonContact, PhoneKind, Source } from '@/lib/book/model';
import { searchWords } from '@/lib/book/words';
import { withRecords } from '@/lib/platform/storage/vault';

const source = (at: number): Source => ({ op: 'enrichPerson', historyId: `h-${at}`, at, paid: true });
const fact = (value: string, at: number) => ({ value, source: source(at), alternates: [] });

export interface PersonSpec {
  id: string;
  name?: string;
  company?: string;
  title?: string;
  emails?: { address: string; grade: EmailGrade }[];
  personalEmails?: string[];
  phones?: { e164: string; international: string; kind: PhoneKind }[];
  tags?: string[];
  crm?: boolean;
  updatedAt?: number;
  networkUrl?: string;
}

/** A merged person as the store holds it, search words included. */
export function person(spec: PersonSpec): PersonContact {
  const at = spec.updatedAt ?? 1_000;
  const contact: PersonContact = {
    kind: 'person',
    id: spec.id,
    keys: [spec.id],
    words: [],
    tags: spec.tags ?? [],
    firstSeenAt: at,
    updatedAt: at,
    ...(spec.name ? { name: fact(spec.name, at) } : {}),
    ...(spec.company ? { companyName: fact(spec.company, at) } : {}),
    ...(spec.title ? { title: fact(spec.title, at) } : {}),
    ...(spec.networkUrl ? { networkUrl: fact(spec.networkUrl, at) } : {}),
    urls: [],
    workEmails: (spec.emails ?? []).map((e) => ({ ...e, kind: 'work' as const, foundAt: at, source: source(at) })),
    personalEmails: (spec.personalEmails ?? []).map((address) => ({ address, grade: 'verified' as const, kind: 'personal' as const, foundAt: at, source: source(at) })),
    phones: (spec.phones ?? []).map((p) => ({ ...p, foundAt: at, source: source(at) })),
    ...(spec.crm !== undefined ? { crm: { crm: 'hubspot', found: spec.crm, checkedAt: at } } : {}),
  };
  return { ...contact, words: searchWords(contact) };
}

export function company(spec: { id: string; name: string; domain?: string; updatedAt?: number; tags?: string[] }): CompanyContact {
  const at = spec.updatedAt ?? 1_000;
  const contact: CompanyContact = {
    kind: 'company',
    id: spec.id,
    keys: [spec.id],
    words: [],
    tags: spec.tags ?? [],
    firstSeenAt: at,
    updatedAt: at,
    name: fact(spec.name, at),
    ...(spec.domain ? { domain: fact(spec.domain, at), website: fact(`https://${spec.domain}/`, at) } : {}),
  };
  return { ...contact, words: searchWords(contact) };
}

/** Writes records straight into the contacts store, as the worker's merge would have left them. */
export async function putContacts(contacts: readonly (PersonContact | CompanyContact)[]): Promise<void> {
  await withRecords(async (db) => {
    const tx = db.transaction('contacts', 'readwrite');
    await Promise.all(contacts.map((c) => tx.store.put(c)));
    await tx.done;
  });
}

export const MAYA = person({
  id: 'person:maya-chen',
  name: 'Maya Chen',
  company: 'Northwind Analytics',
  title: 'Head of Data',
  emails: [{ address: 'maya.chen@northwind.example', grade: 'verified' }],
  phones: [{ e164: '+33612345678', international: '+33 6 12 34 56 78', kind: 'mobile' }],
  tags: ['Paris event'],
  crm: true,
  updatedAt: 5_000,
  networkUrl: 'https://www.linkedin.com/in/maya-chen/',
});

export const MAYA_NAMESAKE = person({
  id: 'email:maya@contoso.example',
  name: 'Maya Lopez',
  company: 'Contoso',
  emails: [{ address: 'maya@contoso.example', grade: 'most_probable' }],
  phones: [{ e164: '+14155550110', international: '+1 415 555 0110', kind: 'landline' }],
  updatedAt: 4_000,
});

export const BOB = person({
  id: 'person:bob-stone',
  name: 'Bob Stone',
  company: 'Northwind Analytics',
  emails: [{ address: 'bob@northwind.example', grade: 'catch_all' }],
  crm: false,
  updatedAt: 3_000,
});

export const NORTHWIND = company({ id: 'domain:northwind.example', name: 'Northwind Analytics', domain: 'northwind.example', updatedAt: 2_000 });
