import type { OperationName } from '@/lib/lookup/operation-names';

/**
 * What an article 14 GDPR notice is made of, as data: the generator (generate.ts) fills one
 * section per required part, and the four languages' texts (texts/) say each part in words.
 * Tests check the parts by their ids, so a language that drops one fails by name.
 */

/** The languages a notice is written in (the person's, not necessarily the user's). */
export const NOTICE_LANGUAGES = ['en', 'fr', 'de', 'es'] as const;
export type NoticeLanguage = (typeof NOTICE_LANGUAGES)[number];

export function isNoticeLanguage(value: unknown): value is NoticeLanguage {
  return typeof value === 'string' && (NOTICE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The parts article 14 asks for, in the order the notice gives them. The right to object comes
 * right after the purpose, under its own heading: article 21(4) wants it "presented clearly and
 * separately from any other information".
 */
export const SECTION_IDS = [
  'controller', // 14(1)(a), (b): who decides, their representative and DPO
  'purpose', // 14(1)(c), 14(2)(b): purposes, legal basis, the legitimate interest named
  'objection', // 14(2)(c), 21(2), 21(4): how to object, separately
  'categories', // 14(1)(d)
  'source', // 14(2)(f): the service, the lookups and their dates, public sources
  'recipients', // 14(1)(e)
  'transfers', // 14(1)(f)
  'retention', // 14(2)(a)
  'rights', // 14(2)(c), (d): access, rectification, erasure, restriction, portability; no consent to withdraw
  'complaint', // 14(2)(e)
  'automated', // 14(2)(g)
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The user's company, as set once in the settings (lib/settings/preferences.ts, `notice`). */
export interface Controller {
  legalName: string;
  postalAddress: string;
  /** Where people send privacy requests and objections. */
  privacyEmail: string;
  /** Data protection officer's contact, when the company has one. */
  dpo?: string;
  /** Representative in the EU (article 27), for a company established outside it. */
  representative?: string;
  /** The purpose in the user's words; empty: B2B sales prospecting, in the notice's language. */
  purpose?: string;
  /** What the company says of transfers outside the EEA; empty: none. */
  transfers?: string;
}

/** The controller fields a lawful notice cannot do without. */
export const REQUIRED_CONTROLLER_FIELDS = ['legalName', 'postalAddress', 'privacyEmail'] as const;
export type RequiredControllerField = (typeof REQUIRED_CONTROLLER_FIELDS)[number];

/** The kinds of data a contact may hold, each said once in the notice's list. */
export const CATEGORY_IDS = [
  'name',
  'role',
  'company',
  'location',
  'profile',
  'microblog',
  'links',
  'photo',
  'workEmail',
  'personalEmail',
  'mobilePhone',
  'workPhone',
  'phone',
  'whatsapp',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** Where the complaint section points: the authorities a notice names, else the generic words. */
export const AUTHORITY_IDS = ['FR', 'DE', 'AT', 'ES', 'BE', 'CH', 'GB', 'other'] as const;
export type AuthorityId = (typeof AUTHORITY_IDS)[number];

/** One lookup that produced some of the data: which, and on which day (UTC). */
export interface NoticeLookup {
  op: OperationName;
  at: number;
}

export interface NoticeSection {
  id: SectionId;
  heading: string;
  text: string;
}

/** Everything one language says; the generator only chooses and joins. */
export interface NoticeTexts {
  title: string;
  greeting(name: string | null): string;
  intro(company: string): string;
  headings: Record<SectionId, string>;
  controller(c: { legalName: string; postalAddress: string; privacyEmail: string }): string;
  dpo(contact: string): string;
  representative(contact: string): string;
  defaultPurpose: string;
  purpose(purpose: string): string;
  objection(email: string): string;
  categoriesIntro: string;
  category: Record<CategoryId, string>;
  lookup: Record<OperationName, string>;
  lookupOn(lookup: string, date: string): string;
  source(service: string, lookups: string): string;
  publicProfile: string;
  recipients(company: string, crms: string | null, service: string): string;
  transfersNone: string;
  retention(period: string): string;
  period(days: number): string;
  rights(email: string): string;
  complaint(authority: string): string;
  authority: Record<AuthorityId, string>;
  automated: string;
  closing(company: string): string;
}
