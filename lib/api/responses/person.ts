import type { EmailResult, EmailType, Person, Phone } from '@/lib/enrichment/model';
import { emailStatusOf, emailTypeOf, emailsFrom, mergeEmails } from '@/lib/api/responses/emails';
import { block, count, extraOf, first, joinParts, text, texts, type Block } from '@/lib/api/responses/fields';
import { mergePhones, phonesFrom } from '@/lib/api/responses/phones';

/**
 * Names for the same person field across the dialects: the interface's record, the live
 * gateway's `person.basic`, reverse lookups and the microblog `other` block. Neutral "network"
 * names come first; the live gateway still spells some of them after the brand.
 */
const FIELDS = {
  fullName: ['fullName', 'name', 'full_name', 'displayName'],
  firstName: ['firstName', 'first_name', 'givenName'],
  lastName: ['lastName', 'last_name', 'familyName'],
  jobTitle: ['jobTitle', 'title', 'job_title', 'position'],
  headline: ['headline'],
  companyName: ['companyName', 'company', 'organization'],
  city: ['city', 'locality'],
  region: ['region', 'state'],
  country: ['country'],
  networkUrl: ['networkUrl', 'linkedInUrl', 'linkedinUrl', 'linkedinPubProfileUrl', 'linkedin_url', 'profileUrl', 'network'],
  photoUrl: ['photoUrl', 'photo', 'picture', 'pictureUrl', 'imageUrl', 'image', 'profilePicture', 'avatar'],
  confidence: ['personConfidenceScore', 'confidence', 'confidenceScore'],
  microblogUsername: ['microblogUsername', 'twitterUsername', 'twitter', 'twitterHandle'],
} as const;

const EMAIL_KEYS = ['email', 'emails', 'workEmail', 'emailV2', 'personalEmail', 'personalEmails'];
/** Whose address each key holds, where the key says; `email` is qualified by `emailType` beside it. */
const EMAIL_KEY_TYPES: Readonly<Record<string, EmailType>> = { workEmail: 'work', personalEmail: 'personal', personalEmails: 'personal' };
const PHONE_KEYS = ['phone', 'phones', 'mobile', 'mobiles', 'mobilePhone', 'mobilePhones', 'phoneNumber'];
/** Public profiles beside the professional one, as a list of `{url}` or a single URL. */
const URL_KEYS = ['urls', 'socialProfiles', 'profiles', 'microblogUrl'];
const OTHER_KEYS = ['location', 'emailStatus', 'emailType', 'names', 'jobs', 'images', ...URL_KEYS];

const PERSON_KEYS: ReadonlySet<string> = new Set([...Object.values(FIELDS).flat(), ...EMAIL_KEYS, ...PHONE_KEYS, ...OTHER_KEYS]);

export function emptyPerson(): Person {
  return { urls: [], emails: [], phones: [], extra: {} };
}

/**
 * Reads one flat person-like record. `company` may be a name or the interface's company
 * object; `location` a sentence or an object; repeated blocks (`names[]`, `jobs[]`, as phone
 * search sends them) fill what the flat fields left empty.
 */
export function personFromRecord(record: Block | undefined, consumed: Iterable<string> = []): Person {
  const person = emptyPerson();
  if (!record) return person;
  const companyObject = block.parse(record.company);
  const locationObject = block.parse(record.location);
  const name = block.parse(blocksOf(record.names)[0]);
  const job = block.parse(blocksOf(record.jobs)[0]);

  assign(person, 'fullName', first(text, record, FIELDS.fullName) ?? text.parse(name?.display));
  assign(person, 'firstName', first(text, record, FIELDS.firstName) ?? text.parse(name?.first));
  assign(person, 'lastName', first(text, record, FIELDS.lastName) ?? text.parse(name?.last));
  if (!person.fullName) assign(person, 'fullName', joinNames(person.firstName, person.lastName));
  assign(person, 'jobTitle', first(text, record, FIELDS.jobTitle) ?? text.parse(job?.title));
  assign(person, 'headline', first(text, record, FIELDS.headline));
  assign(
    person,
    'companyName',
    first(text, record, FIELDS.companyName) ?? text.parse(companyObject?.name) ?? text.parse(job?.company ?? job?.organization),
  );
  assign(person, 'city', first(text, record, FIELDS.city) ?? text.parse(locationObject?.city));
  assign(person, 'region', first(text, record, FIELDS.region) ?? text.parse(locationObject?.region ?? locationObject?.state));
  assign(person, 'country', first(text, record, FIELDS.country) ?? text.parse(locationObject?.country));
  assign(person, 'location', text.parse(record.location) ?? joinParts(person.city, person.region, person.country));
  assign(person, 'networkUrl', first(text, record, FIELDS.networkUrl) ?? networkUrlOf(blocksOf(record.urls)));
  assign(person, 'photoUrl', first(text, record, FIELDS.photoUrl) ?? text.parse(block.parse(blocksOf(record.images)[0])?.url));
  assign(person, 'confidence', first(count, record, FIELDS.confidence));
  assign(person, 'microblogUsername', first(text, record, FIELDS.microblogUsername)?.replace(/^@/, ''));

  person.urls = [...new Set(URL_KEYS.flatMap((key) => [...texts.parse(record[key]), ...blocksOf(record[key]).flatMap((u) => text.parse(u.url) ?? [])]))];
  // `emailStatus` and `emailType` qualify the email beside them, not every address in the record.
  const workStatus = record.emailStatus === undefined ? 'unknown' : emailStatusOf(record.emailStatus);
  const typeOfKey = (key: string) => EMAIL_KEY_TYPES[key] ?? (key === 'email' ? emailTypeOf(record.emailType) : undefined);
  person.emails = mergeEmails(
    ...EMAIL_KEYS.map((key) => emailsFrom(record[key], key === 'email' || key === 'workEmail' ? workStatus : 'unknown', typeOfKey(key))),
  );
  const phones = PHONE_KEYS.map((key) => phonesFrom(record[key]));
  person.phones = mergePhones(...phones.map((read) => read.phones));
  const unreadable = phones.flatMap((read) => read.unreadable);

  const known = new Set(PERSON_KEYS);
  // A company object is more than a name: it is kept unless the caller says it read it.
  if (companyObject) known.delete('company');
  for (const key of consumed) known.add(key);
  person.extra = extraOf(record, known);
  if (locationObject) person.extra.location = locationObject;
  if (unreadable.length) person.extra.unreadablePhones = unreadable;
  return person;
}

export function addEmails(person: Person, ...emails: Array<EmailResult | undefined>): void {
  person.emails = mergeEmails(person.emails, emails.filter((e): e is EmailResult => e !== undefined));
}

export function addPhones(person: Person, phones: Phone[]): void {
  person.phones = mergePhones(person.phones, phones);
}

/** Two partial views of the same person: the first wins per field, lists are united. */
export function mergePersons(a: Person, b: Person): Person {
  const merged: Person = { ...b, ...definedOnly(a) };
  merged.urls = [...new Set([...a.urls, ...b.urls])];
  merged.emails = mergeEmails(a.emails, b.emails);
  merged.phones = mergePhones(a.phones, b.phones);
  merged.extra = mergeExtra(a.extra, b.extra);
  return merged;
}

/** Whether the record says anything about someone, as opposed to an empty block. */
export function isKnownPerson(person: Person): boolean {
  return Boolean(
    person.fullName ||
      person.firstName ||
      person.lastName ||
      person.networkUrl ||
      person.microblogUsername ||
      person.emails.length ||
      person.phones.length,
  );
}

export function mergeExtra(a: Record<string, unknown>, b: Record<string, unknown>, prefix = 'other'): Record<string, unknown> {
  const merged = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in merged)) merged[key] = value;
    else if (JSON.stringify(merged[key]) !== JSON.stringify(value)) merged[`${prefix}.${key}`] = value;
  }
  return merged;
}

/** Phone search lists the profile among `urls[]`, typed (`network`, `linkedin`) rather than named. */
function networkUrlOf(urls: Block[]): string | undefined {
  const entry = urls.find((url) => /network|linkedin/i.test(text.parse(url.type) ?? ''));
  return text.parse(entry?.url);
}

function blocksOf(value: unknown): Block[] {
  return (Array.isArray(value) ? value : []).flatMap((item): Block[] => {
    const entry = block.parse(item);
    return entry ? [entry] : [];
  });
}

function joinNames(firstName?: string, lastName?: string): string | undefined {
  return [firstName, lastName].filter(Boolean).join(' ') || undefined;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function assign<K extends keyof Person>(person: Person, key: K, value: Person[K] | undefined): void {
  if (value !== undefined) person[key] = value;
}
