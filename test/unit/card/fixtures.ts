import type { EmailResult, Enrichment, Person, Phone, PhoneSearchResult } from '@/lib/enrichment/model';
import type { ContactAnswer } from '@/lib/book/answer';
import type { CardSubject } from '@/lib/card/page/subject';
import { mergeAnswer } from '@/lib/book/merge';
import type { CompanyContact, Contact, PersonContact } from '@/lib/book/model';
import type { OperationName, ResultOf } from '@/lib/lookup/operation-names';
import { answer as typedAnswer } from '@/lib/lookup/results';
import type { Detection } from '@/lib/detect/detection';

/** Answers about Maya as the sandbox gives them, parsed (lib/enrichment/model.ts), for the card's tests. */
export const MAYA_URL = 'https://www.linkedin.com/in/maya-chen/';
export const WORK = 'maya.chen@northwind-analytics.example';
export const PERSONAL = 'maya.chen@gmail.com';
export const DAY = 86_400_000;

const email = (address: string, status: EmailResult['status'] = 'verified'): EmailResult => ({ address, status, verified: status === 'verified' });
export const phone = (e164: string, type?: Phone['type'], whatsapp?: boolean): Phone => ({ e164, international: `+1 ${e164.slice(2, 5)} ${e164.slice(5, 8)} ${e164.slice(8)}`, type, whatsapp });
const person = (over: Partial<Person> = {}): Person => ({
  fullName: 'Maya Chen',
  jobTitle: 'VP of Engineering',
  headline: 'VP of Engineering at Northwind Analytics',
  companyName: 'Northwind Analytics',
  location: 'San Francisco, California, United States',
  networkUrl: MAYA_URL,
  urls: [],
  emails: [],
  phones: [],
  extra: {},
  ...over,
});

export const mayaEnrichment = (): Enrichment => ({
  person: person({ emails: [email(WORK), email(PERSONAL)], microblogUsername: 'mayabuilds' }),
  company: {
    name: 'Northwind Analytics',
    domain: 'northwind-analytics.example',
    website: 'https://northwind-analytics.example',
    industry: 'Software',
    size: '201-500',
    headquarters: 'San Francisco',
    extra: {},
  },
  extra: {},
});

/** A phone search repeats the emails it knows, unverified: the card must still show each once. */
export const mayaPhones = (): PhoneSearchResult => ({
  person: person({ emails: [email(WORK, 'unknown')], phones: [phone('+14155550110', 'mobile', true), phone('+14155550111', 'landline', false), phone('+14155550112')] }),
  candidates: [],
  warnings: [],
  extra: {},
});

export function answer(op: OperationName, result: ResultOf<OperationName>, at: number, input: Record<string, unknown> = { profileUrl: MAYA_URL }): ContactAnswer {
  return { ...typedAnswer(op, result), at, historyId: `h-${op}-${at}`, paid: true, requestKeys: ['person:maya-chen'], input };
}

/** Maya's profile page, as the detector reads it. */
export const detection: Detection = {
  kind: 'person',
  url: MAYA_URL,
  person: { fullName: 'Maya Chen', headline: 'VP of Engineering at Northwind Analytics', company: 'Northwind Analytics', profileUrl: MAYA_URL },
  confidence: 0.9,
  sources: ['url'],
};

/** The book after these answers, as the worker's recordAnswers merges them: the card's subject. */
export async function book(...answers: ContactAnswer[]): Promise<CardSubject> {
  const contacts = new Map<string, Contact>();
  for (const a of answers) {
    const { upserts, removes } = await mergeAnswer(a, async (keys) => [...contacts.values()].filter((c) => c.keys.some((k) => keys.includes(k))));
    removes.forEach((id) => contacts.delete(id));
    upserts.forEach((c) => contacts.set(c.id, c));
  }
  const person = ([...contacts.values()].find((c) => c.kind === 'person') as PersonContact | undefined) ?? null;
  const company = ([...contacts.values()].find((c) => c.kind === 'company') as CompanyContact | undefined) ?? null;
  return { person, company, seed: null };
}
