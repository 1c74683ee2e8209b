import { LOW_CONFIDENCE, type Detection } from '@/lib/detect/detection';
import { headlineSegments, splitTitleAtCompany } from '@/lib/detect/headline';
import { foldName } from '@/lib/identity/fold';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { cleanText } from '@/lib/platform/text';
import type { JobChange, PersonContact } from '@/lib/book/model';

/**
 * Job changes, for free: what a page says someone does now, against what the book's record
 * says. No request is made; the worker records what it sees (lib/book/worker/job-changes.ts) and
 * the card shows it (lib/card/page/rows.ts).
 *
 * The rules, in one place:
 *  - Same person only by the profile: the page's profile (person:<slug>) must be one of the
 *    record's keys. A namesake (same name, another profile) or a contact known only by a name at
 *    a company is never a job change.
 *  - Companies compare folded: case, accents, punctuation, a leading "at"/"chez"/"bei", legal
 *    suffixes (Inc., GmbH, SAS…), and one name's words all among the other's ("Globex" and
 *    "Globex Corporation Europe") are the same company. Missing a change costs less than crying
 *    wolf: a false "changed jobs" would make the user pay for an email they already have.
 *  - A company the record knew before (an alternate, older than the value shown) is the page
 *    lagging behind a lookup, not a change.
 *  - An empty or unknown company, on the page or in the book, says nothing.
 *  - A different title at the same company is a weaker signal, `kind: 'title'` ("New title"):
 *    the work emails stay good, so they are not marked, and no lookup is put forward. Titles
 *    compare as sets of folded words, common abbreviations spelled out (VP, Sr., Mgr…), so
 *    "VP Sales" and "Vice President of Sales" are one title; "Senior Engineer" after "Engineer"
 *    is a new title.
 *  - A page that agrees with the record ends a recorded change (the person is where the book says).
 *  - A company read must name one: two letters at least, not a common word ("scale", "home").
 *  - A headline is free text and often months old, so what it alone says is held to more:
 *      - only "at", "@", "chez", "bei", "bij", "presso" split it (es "en", pt "na/em" also mean
 *        "in": "Consultant en recrutement"), and an all-lowercase company is a phrase, not a name;
 *      - a search row (nothing but a headline) speaks only about a record whose title and company
 *        were answered more than SEARCH_ROW_AFTER_DAYS ago, and never repeats the headline the
 *        record holds (the lookup read that headline and still answered the record's company);
 *      - a search row never replaces or ends a change seen on the person's own profile.
 *    On a profile, a company that only the headline gave (no current-company label, no
 *    experience entry agreed) follows the same splitting rules.
 *  - What is stored fits the stored schema (model.ts): a fact longer than its limit is cut, so the
 *    change still reads back.
 */

/** What a page says one person does now. */
export interface JobSeen {
  /** Canonical profile URL: who it is about. */
  profileUrl: string;
  title?: string;
  company?: string;
  seenOn: JobChange['seenOn'];
  /** A search row's headline, the only thing its title and company were read from. */
  headline?: string;
}

/** How old the record's title and company must be before a search row's headline may say they changed. */
export const SEARCH_ROW_AFTER_DAYS = 30;
const DAY_MS = 86_400_000;

// Words that follow "at" in a headline without naming an employer ("Helping teams grow at scale").
const NOT_A_COMPANY = new Set(
  [
    'scale', 'home', 'work', 'heart', 'large', 'night', 'present', 'the moment', 'moment', 'speed', 'best', 'ease', 'all levels',
    'every level', 'every stage', 'the intersection', 'the edge', 'risk', 'school', 'university', 'college', 'company', 'the company',
    'a startup', 'startup', 'stealth', 'stealth mode', 'confidential', 'various', 'n a', 'na', 'none',
  ],
);

/** Whether a company read names one: two letters at least, not a common word. */
export function namesACompany(company: string | undefined): boolean {
  const folded = company ? foldName(company) : '';
  return folded.replace(/ /g, '').length >= 2 && !NOT_A_COMPANY.has(folded) && !NOT_A_COMPANY.has(folded.replace(/^(?:at|the|a) /, ''));
}

// A phrase ("recrutement", "empresa de dados"), not a name: cased letters, none of them capital.
const allLowercase = (text: string) => text === text.toLowerCase() && text !== text.toUpperCase();

/** Title and company a headline alone says, by the strict rules above; null when it names no company. */
function fromHeadlineAlone(headline: string): { title?: string; company: string } | null {
  const { jobTitle, company } = splitTitleAtCompany(headline, { strict: true });
  if (!company || allLowercase(company) || !namesACompany(company)) return null;
  return { title: jobTitle, company };
}

// The readers that find a profile's company by its structure rather than in the headline's text.
const STRUCTURED_COMPANY = ['aria-label', 'experience'];

// Headlines that name a past job ("Former VP at Globex", "Ex-Google") are not where they work now.
const PAST = /(?:^|[^\p{L}])(?:ex|former(?:ly)?|previously|retired|ancien(?:ne)?|ehemalig\p{L}*|antigu[oa]|anteriormente)(?:[^\p{L}]|$)/iu;

const clean = (value: string | undefined) => cleanText(value, 200);

/**
 * Whether a profile's company reading may say where they work now: one the page's structure gave
 * (its current-company label, its experience entry) does; one only the headline gave must pass
 * the headline rules above. The card holds the page against the record by this too (lib/card/page/seed.ts).
 */
export function profileCompanyCounts(detection: Detection): boolean {
  const person = detection.person;
  if (!person?.company) return false;
  const headlineOnly = detection.sources.includes('headline') && !STRUCTURED_COMPANY.some((source) => detection.sources.includes(source));
  if (!headlineOnly) return true;
  const read = person.headline ? fromHeadlineAlone(person.headline) : null;
  return !!read && sameCompany(read.company, person.company);
}

/** What a content script's detection says people do now: a confident profile, or a search page's rows. */
export function jobsSeen(detection: Detection | null): JobSeen[] {
  if (!detection) return [];
  if (detection.kind === 'person') {
    const person = detection.person;
    // An unsure reading (the panel asks the user to check it) is no evidence of a change.
    if (!person?.profileUrl || detection.confidence < LOW_CONFIDENCE) return [];
    if (person.company && !profileCompanyCounts(detection)) return [];
    return [{ profileUrl: person.profileUrl, title: clean(person.jobTitle), company: clean(person.company), seenOn: 'profile' }];
  }
  if (detection.kind !== 'peopleSearch') return [];
  return (detection.results ?? []).flatMap((row) => {
    if (!row.profileUrl || !row.headline) return [];
    const first = headlineSegments(row.headline)[0] ?? '';
    if (PAST.test(first)) return [];
    const read = fromHeadlineAlone(row.headline);
    if (!read) return [];
    return [{ profileUrl: row.profileUrl, title: clean(read.title), company: clean(read.company), seenOn: 'search' as const, headline: clean(row.headline) }];
  });
}

/**
 * Whether a search row may speak about `contact`'s job at all (the rules above): its title and
 * company were answered long enough ago, and the row's headline is not one the record holds.
 */
function rowMaySpeak(contact: PersonContact, seen: JobSeen, at: number): boolean {
  const answeredAt = Math.max(contact.companyName?.source.at ?? 0, contact.title?.source.at ?? 0);
  if (at - answeredAt < SEARCH_ROW_AFTER_DAYS * DAY_MS) return false;
  const headline = seen.headline ? foldName(seen.headline) : '';
  const held = contact.headline ? [contact.headline.value, ...contact.headline.alternates.map((older) => older.value)] : [];
  return !headline || !held.some((value) => foldName(value) === headline);
}

/** The identity key a profile URL files a person under (lib/identity/keys.ts), or null. */
export function profileKeyOf(url: string | undefined): string | null {
  const ref = url ? parseNetworkProfileUrl(url) : null;
  return ref?.kind === 'person' ? `person:${ref.slug}` : null;
}

// The words of a company's legal form, at the end of its name ("Acme Inc.", "Globex S.A.S.").
const LEGAL_FORMS = new Set(
  'inc incorporated llc ltd limited corp corporation co company gmbh mbh ag kg kgaa se sa sas sasu sarl eurl sl slu srl spa bv nv plc llp lp pty oy ab as asa kk ug cie'.split(' '),
);
const LEADING = new Set(['at', 'chez', 'bei', 'bij', 'presso', 'the']);

/** A company name's words, folded, without its legal form or a leading "at"; initials joined ("S A S" is "sas"). */
function companyWords(name: string): string[] {
  const words: string[] = [];
  let joining = false;
  for (const word of foldName(name).split(' ').filter(Boolean)) {
    // "S.A.S." and "I.B.M." fold to single letters in a row: they were one word.
    if (word.length === 1 && joining) words[words.length - 1] += word;
    else words.push(word);
    joining = word.length === 1;
  }
  const all = [...words];
  while (words.length > 1 && LEADING.has(words[0]!)) words.shift();
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1]!)) words.pop();
  return words.length ? words : all;
}

/** Whether two company names are the same employer (see the rules above). */
export function sameCompany(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = companyWords(a);
  const right = companyWords(b);
  if (!left.length || !right.length) return false;
  if (left.join('') === right.join('')) return true;
  const [fewer, more] = left.length <= right.length ? [left, right] : [right, left];
  return fewer.every((word) => more.includes(word));
}

const ABBREVIATIONS: Record<string, string> = {
  vp: 'vice president',
  svp: 'senior vice president',
  evp: 'executive vice president',
  avp: 'assistant vice president',
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  mgr: 'manager',
  dir: 'director',
  eng: 'engineer',
  engr: 'engineer',
  mktg: 'marketing',
  assoc: 'associate',
  asst: 'assistant',
  exec: 'executive',
  dev: 'developer',
  ops: 'operations',
  hr: 'human resources',
};
const TITLE_NOISE = new Set(['and', 'of', 'the', 'for', 'in', 'de', 'des', 'du', 'la', 'le', 'et', 'und', 'der', 'die', 'y', 'del', 'e']);

function titleWords(title: string): Set<string> {
  const words = foldName(title)
    .split(' ')
    .flatMap((word) => (ABBREVIATIONS[word] ?? word).split(' '))
    .filter((word) => word && !TITLE_NOISE.has(word));
  return new Set(words);
}

/** Whether two titles say the same job (order, case, abbreviations and small words aside). */
export function sameTitle(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = titleWords(a);
  const right = titleWords(b);
  return left.size === right.size && [...left].every((word) => right.has(word));
}

/**
 * What `seen` says of `contact`'s job: a change, null when the page agrees with the record, or
 * undefined when it says nothing (another person, no company on either side).
 */
export function judgeJob(contact: PersonContact, seen: JobSeen, at: number): JobChange | null | undefined {
  const ref = parseNetworkProfileUrl(seen.profileUrl);
  if (ref?.kind !== 'person' || !contact.keys.includes(`person:${ref.slug}`)) return undefined;
  const company = clean(seen.company);
  const known = contact.companyName;
  // Facts have no length limit, the stored change has (model.ts): cut here, or it would not read back.
  const knownCompany = clean(known?.value);
  // Punctuation alone (a separator read as a name) or a common word names no company either.
  if (!company || !namesACompany(company) || !known || !knownCompany || !foldName(knownCompany)) return undefined;
  if (seen.seenOn === 'search' && !rowMaySpeak(contact, seen, at)) return undefined;
  const wasTitle = clean(contact.title?.value);
  const was = { ...(wasTitle ? { title: wasTitle } : {}), company: knownCompany };
  const title = clean(seen.title);
  const now = { ...(title ? { title } : {}), company };
  const base = { was, now, seenAt: at, profileUrl: ref.canonicalUrl, seenOn: seen.seenOn };
  if (!sameCompany(known.value, company)) {
    if (known.alternates.some((older) => sameCompany(older.value, company))) return undefined;
    return { kind: 'company', ...base };
  }
  if (title && contact.title && !sameTitle(contact.title.value, title)) {
    if (contact.title.alternates.some((older) => sameTitle(older.value, title))) return undefined;
    return { kind: 'title', ...base };
  }
  return null;
}

const sameChange = (a: JobChange, b: JobChange) =>
  a.kind === b.kind && sameCompany(a.now.company, b.now.company) && (a.now.title === b.now.title || sameTitle(a.now.title, b.now.title));

/**
 * The record once `seen` is taken into account, or null when it stays as it is. Only the
 * `jobChange` observation moves: no fact, no date the book sorts or retains by.
 */
export function observeJob(contact: PersonContact, seen: JobSeen, at: number): PersonContact | null {
  // A headline in a list never outweighs the person's own profile.
  if (seen.seenOn === 'search' && contact.jobChange?.seenOn === 'profile') return null;
  const verdict = judgeJob(contact, seen, at);
  if (verdict === undefined) return null;
  if (verdict === null) {
    if (!contact.jobChange) return null;
    const { jobChange: _over, ...rest } = contact;
    return rest;
  }
  // Seen again: the first sighting's date stays (when it was first noticed).
  if (contact.jobChange && sameChange(contact.jobChange, verdict)) return null;
  return { ...contact, jobChange: verdict };
}

/**
 * The job change a card shows: what the page it sits on says now, when it says anything
 * (`seen`); otherwise the one the book recorded.
 */
export function jobChangeOf(contact: PersonContact | null, seen: JobSeen | null, at: number): JobChange | null {
  if (!contact) return null;
  const verdict = seen ? judgeJob(contact, seen, at) : undefined;
  if (verdict !== undefined) return verdict && contact.jobChange && sameChange(contact.jobChange, verdict) ? contact.jobChange : verdict;
  return contact.jobChange ?? null;
}

/**
 * After a merge: a lookup that answered the new company (or, for a new title, that title) made
 * the change part of the record's facts, and it is no longer news.
 */
export function withoutAnsweredChange(contact: PersonContact): PersonContact {
  const change = contact.jobChange;
  if (!change) return contact;
  const answered =
    change.kind === 'company'
      ? sameCompany(contact.companyName?.value, change.now.company)
      : sameTitle(contact.title?.value, change.now.title) || !sameCompany(contact.companyName?.value, change.now.company);
  if (!answered) return contact;
  const { jobChange: _answered, ...rest } = contact;
  return rest;
}
