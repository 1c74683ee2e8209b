import type { Fact, PersonContact } from '@/lib/book/model';
import { isOperationName } from '@/lib/lookup/operation-names';
import { cachedFormatter, t } from '@/lib/platform/i18n';
import {
  REQUIRED_CONTROLLER_FIELDS,
  type CategoryId,
  type Controller,
  type NoticeLanguage,
  type NoticeLookup,
  type NoticeSection,
  type NoticeTexts,
  type RequiredControllerField,
} from '@/lib/notice/model';
import { authorityOf, countryOf } from '@/lib/notice/place';
import { de } from '@/lib/notice/texts/de';
import { en } from '@/lib/notice/texts/en';
import { es } from '@/lib/notice/texts/es';
import { fr } from '@/lib/notice/texts/fr';

/**
 * The service every lookup goes to, by the name its interface gives itself
 * (shared/spec/enrichment-api.md). A notice must name its source precisely: "a data provider"
 * is what the CNIL fined a peer for.
 */
export const SERVICE_NAME = 'Contact and Company Enrichment Service';

export const NOTICE_TEXTS: Record<NoticeLanguage, NoticeTexts> = { en, fr, de, es };

/** The locale dates and lists are written in: British English reads "12 March 2026", never 3/12. */
const INTL_LOCALE: Record<NoticeLanguage, string> = { en: 'en-GB', fr: 'fr-FR', de: 'de-DE', es: 'es-ES' };

export interface NoticeInput {
  person: PersonContact;
  controller: Controller;
  /** How long contacts are kept (prefs.privacy.historyRetentionDays). */
  retentionDays: number;
  language: NoticeLanguage;
  /** The connected CRMs, named as recipients. */
  crms?: readonly string[];
}

export type NoticeResult =
  | { ok: true; language: NoticeLanguage; sections: NoticeSection[]; text: string }
  | { ok: false; missing: RequiredControllerField[]; message: string };

/**
 * Untrusted text (a name from a profile, a title from the gateway) stays one line of text: no
 * control characters or line breaks that could fake a heading, no direction overrides that
 * could show words in another order than they are read.
 */
export function clean(value: string | undefined | null, max = 500): string {
  return (value ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

function missingFields(controller: Controller): RequiredControllerField[] {
  return REQUIRED_CONTROLLER_FIELDS.filter((field) => !clean(controller[field]));
}

/** What the card says when the company is not set: a notice without its controller is unlawful. */
function missingMessage(missing: readonly RequiredControllerField[]): string {
  const names = missing.map((field) => t(`notice.field.${field}`));
  const fields = cachedFormatter('list', (locale) => new Intl.ListFormat(locale, { type: 'conjunction' })).format(names);
  return t('notice.missingCompany', { fields });
}

/** The kinds of data the contact actually holds, in the order the notice lists them. */
export function categoriesOf(person: PersonContact): CategoryId[] {
  const held: Record<CategoryId, boolean> = {
    name: Boolean(person.name),
    role: Boolean(person.title ?? person.headline),
    company: Boolean(person.companyName),
    location: Boolean(person.location),
    profile: Boolean(person.networkUrl),
    microblog: Boolean(person.microblog),
    links: person.urls.length > 0,
    photo: Boolean(person.photoUrl),
    workEmail: person.workEmails.length > 0,
    personalEmail: person.personalEmails.length > 0,
    mobilePhone: person.phones.some((p) => p.kind === 'mobile'),
    workPhone: person.phones.some((p) => p.kind === 'work' || p.kind === 'landline'),
    phone: person.phones.some((p) => p.kind === 'unknown'),
    whatsapp: person.phones.some((p) => p.whatsapp !== undefined),
  };
  return (Object.keys(held) as CategoryId[]).filter((id) => held[id]);
}

const DAY_MS = 86_400_000;

/**
 * The lookups that produced what the contact holds (every value and every value kept beside
 * it), one per operation and day, oldest first. The CRM check brings no personal data: left out.
 */
export function lookupsOf(person: PersonContact): NoticeLookup[] {
  const facts: (Fact | undefined)[] = [person.name, person.title, person.headline, person.location, person.companyName, person.networkUrl, person.photoUrl, person.microblog];
  const sources = [
    ...facts.flatMap((fact) => (fact ? [fact.source, ...fact.alternates.map((a) => a.source)] : [])),
    ...[...person.workEmails, ...person.personalEmails, ...person.phones].map((value) => value.source),
  ];
  const seen = new Map<string, NoticeLookup>();
  for (const source of sources) {
    if (!isOperationName(source.op)) continue;
    const key = `${source.op}@${Math.floor(source.at / DAY_MS)}`;
    const known = seen.get(key);
    if (!known || source.at < known.at) seen.set(key, { op: source.op, at: source.at });
  }
  return [...seen.values()].sort((a, b) => a.at - b.at);
}

export function formatNoticeDate(at: number, language: NoticeLanguage): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
}

function list(items: readonly string[], language: NoticeLanguage): string {
  return new Intl.ListFormat(INTL_LOCALE[language], { type: 'conjunction' }).format(items);
}

/**
 * The article 14 notice for one person, in one language, as sections (for tests and screens)
 * and as the plain text the user copies or adds to a CRM note. Refuses without the company's
 * name, address and privacy contact.
 */
export function generateNotice(input: NoticeInput): NoticeResult {
  const { person, controller, language } = input;
  const missing = missingFields(controller);
  if (missing.length) return { ok: false, missing, message: missingMessage(missing) };
  const texts = NOTICE_TEXTS[language];
  const company = clean(controller.legalName, 200);
  const email = clean(controller.privacyEmail, 320);
  const name = clean(person.name?.value, 200) || null;

  const controllerLines = [texts.controller({ legalName: company, postalAddress: clean(controller.postalAddress), privacyEmail: email })];
  if (clean(controller.representative)) controllerLines.push(texts.representative(clean(controller.representative)));
  if (clean(controller.dpo)) controllerLines.push(texts.dpo(clean(controller.dpo)));

  const lookups = lookupsOf(person).map((lookup) => texts.lookupOn(texts.lookup[lookup.op], formatNoticeDate(lookup.at, language)));
  const source = texts.source(SERVICE_NAME, lookups.length ? list(lookups, language) : formatNoticeDate(person.firstSeenAt, language));
  const crms = (input.crms ?? []).map((crm) => clean(crm, 60)).filter(Boolean);

  const sections: NoticeSection[] = [
    { id: 'controller', heading: texts.headings.controller, text: controllerLines.join('\n') },
    { id: 'purpose', heading: texts.headings.purpose, text: texts.purpose(clean(controller.purpose) || texts.defaultPurpose) },
    { id: 'objection', heading: texts.headings.objection, text: texts.objection(email) },
    { id: 'categories', heading: texts.headings.categories, text: [texts.categoriesIntro, ...categoriesOf(person).map((id) => `- ${texts.category[id]}`)].join('\n') },
    { id: 'source', heading: texts.headings.source, text: person.networkUrl ? `${source} ${texts.publicProfile}` : source },
    { id: 'recipients', heading: texts.headings.recipients, text: texts.recipients(company, crms.length ? list(crms, language) : null, SERVICE_NAME) },
    { id: 'transfers', heading: texts.headings.transfers, text: clean(controller.transfers, 1000) || texts.transfersNone },
    { id: 'retention', heading: texts.headings.retention, text: texts.retention(texts.period(input.retentionDays)) },
    { id: 'rights', heading: texts.headings.rights, text: texts.rights(email) },
    { id: 'complaint', heading: texts.headings.complaint, text: texts.complaint(texts.authority[authorityOf(countryOf(person.location?.value))]) },
    { id: 'automated', heading: texts.headings.automated, text: texts.automated },
  ];
  const text = [texts.title, texts.greeting(name), texts.intro(company), ...sections.map((s) => `${s.heading}\n${s.text}`), texts.closing(company)].join('\n\n');
  return { ok: true, language, sections, text };
}
