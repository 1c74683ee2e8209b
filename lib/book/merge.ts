import { foldName } from '@/lib/identity/keys';
import { withoutAnsweredChange } from '@/lib/book/job-change';
import type { ContactAnswer } from '@/lib/book/answer';
import { draftsOf, keyRank, orderKeys, type CompanyDraft, type Drafts, type EmailDraft, type PersonDraft, type PhoneDraft } from '@/lib/book/extract';
import { EMAIL_GRADES, type Alternate, type CompanyContact, type Contact, type EmailFact, type Fact, type PersonContact, type PhoneFact, type Source } from '@/lib/book/model';

/**
 * The merge rules of the contact book, in one place:
 *  - who: an answer belongs to the contact that shares its network profile; without a profile,
 *    its verified email, then its phone, then its microblog handle. Two contacts with different
 *    profiles are never merged, and a name at a company identifies no one when anything better
 *    is known: namesakes stay two contacts.
 *  - what: a verified email beats an unverified one whatever their dates; otherwise a newer
 *    answer beats an older one of the same kind; a value that conflicts with the one shown is
 *    kept in `alternates`, never dropped; emails and phones are lists, each address once.
 */

export interface MergeChange {
  upserts: Contact[];
  /** Ids replaced (a contact re-keyed under a stronger identity, or absorbed into another). */
  removes: string[];
}

type Lookup = (keys: readonly string[]) => Promise<Contact[]>;

// Identical first: an answer mostly repeats what the contact shows (the history move merges the same company hundreds of times).
const same = (a: string, b: string) => a === b || foldName(a) === foldName(b) || a.trim().toLowerCase() === b.trim().toLowerCase();

function sourceOf(answer: ContactAnswer): Source {
  return { op: answer.op, historyId: answer.historyId, at: answer.at, paid: answer.paid };
}

function withoutValue(alternates: readonly Alternate[], value: string): Alternate[] {
  return alternates.filter((a) => !same(a.value, value));
}

/** One single-valued field: the newer answer shows, the other is kept as an alternate. */
export function mergeFact(current: Fact | undefined, value: string | undefined, source: Source): Fact | undefined {
  if (value === undefined || !value.trim()) return current;
  const clean = value.trim();
  if (!current) return { value: clean, source, alternates: [] };
  if (same(current.value, clean)) return source.at >= current.source.at ? { ...current, source } : current;
  if (source.at >= current.source.at) {
    return { value: clean, source, alternates: [{ value: current.value, source: current.source }, ...withoutValue(current.alternates, clean)] };
  }
  return { ...current, alternates: [...withoutValue(current.alternates, clean), { value: clean, source }] };
}

/** Two facts of the same field (two contacts found to be one person): each value kept once. */
function joinFacts(a: Fact | undefined, b: Fact | undefined): Fact | undefined {
  if (!a || !b) return a ?? b;
  let out: Fact | undefined = a;
  for (const alt of [{ value: b.value, source: b.source }, ...b.alternates]) out = mergeFact(out, alt.value, alt.source);
  return out;
}

const gradeRank = (grade: EmailFact['grade']) => EMAIL_GRADES.length - EMAIL_GRADES.indexOf(grade);

export function mergeEmails(current: readonly EmailFact[], found: readonly (EmailDraft & { source: Source })[]): EmailFact[] {
  const byAddress = new Map(current.map((e) => [e.address, e]));
  for (const draft of found) {
    const known = byAddress.get(draft.address);
    const fresh: EmailFact = { address: draft.address, kind: draft.kind, grade: draft.grade, foundAt: draft.source.at, source: draft.source };
    if (!known) byAddress.set(draft.address, fresh);
    else if (gradeRank(draft.grade) > gradeRank(known.grade)) byAddress.set(draft.address, { ...fresh, kind: known.kind === 'personal' ? 'personal' : draft.kind });
    else if (draft.grade === known.grade && draft.source.at > known.source.at) byAddress.set(draft.address, { ...known, source: draft.source });
    // A lower grade never replaces a higher one: "verified" stays until a verified answer says otherwise.
    if (known && draft.kind === 'personal' && known.kind !== 'personal') byAddress.set(draft.address, { ...byAddress.get(draft.address)!, kind: 'personal' });
  }
  return [...byAddress.values()].sort((a, b) => gradeRank(b.grade) - gradeRank(a.grade) || b.foundAt - a.foundAt);
}

export function mergePhones(current: readonly PhoneFact[], found: readonly (PhoneDraft & { source: Source })[]): PhoneFact[] {
  const byNumber = new Map(current.map((p) => [p.e164, p]));
  for (const draft of found) {
    const known = byNumber.get(draft.e164);
    const { source, whatsappCheckedAt, ...values } = draft;
    // The check's own date: the answer's that said it. A joined contact's phone (a stored fact, with
    // its `foundAt`) brings its own, or none when it was stored before the date was kept: none is invented.
    const checkedAt = draft.whatsapp === undefined ? undefined : 'foundAt' in draft ? whatsappCheckedAt : (whatsappCheckedAt ?? source.at);
    if (!known) {
      byNumber.set(draft.e164, { ...values, ...(checkedAt !== undefined ? { whatsappCheckedAt: checkedAt } : {}), foundAt: source.at, source });
      continue;
    }
    const newer = source.at >= known.source.at;
    // A stated type beats none; between two stated types, the newer answer wins.
    const kind = draft.kind === 'unknown' ? known.kind : known.kind === 'unknown' || newer ? draft.kind : known.kind;
    const draftWins = draft.whatsapp !== undefined && (known.whatsapp === undefined || newer);
    const { whatsappCheckedAt: knownCheckedAt, ...rest } = known;
    const check = draftWins ? { whatsapp: draft.whatsapp, checkedAt } : { whatsapp: known.whatsapp, checkedAt: knownCheckedAt };
    byNumber.set(draft.e164, {
      ...rest,
      kind,
      ...(check.whatsapp !== undefined ? { whatsapp: check.whatsapp } : {}),
      ...(check.checkedAt !== undefined ? { whatsappCheckedAt: check.checkedAt } : {}),
      source: newer ? source : known.source,
    });
  }
  return [...byNumber.values()].sort((a, b) => Number(b.kind === 'mobile') - Number(a.kind === 'mobile') || a.foundAt - b.foundAt);
}

const profileOf = (contact: Contact) => contact.keys.find((k) => k.startsWith('person:'));

/** The primary id: the strongest key (profile, email, phone, handle), else the name key. */
function primaryId(keys: readonly string[]): string | undefined {
  return orderKeys(keys)[0] ?? keys.find((k) => k.startsWith('name:'));
}

/** Keys of a person contact: the strong ones; the name key only while nothing stronger is known. */
function personKeys(keys: readonly string[]): string[] {
  const strong = orderKeys(keys);
  return strong.length ? strong : [...new Set(keys.filter((k) => k.startsWith('name:')))];
}

function emptyPerson(id: string, at: number): PersonContact {
  return { kind: 'person', id, keys: [id], words: [], tags: [], firstSeenAt: at, updatedAt: at, urls: [], workEmails: [], personalEmails: [], phones: [] };
}

function applyPerson(base: PersonContact, draft: PersonDraft, source: Source, companyId?: string): PersonContact {
  const facts = draft.facts;
  const emails = mergeEmails([...base.workEmails, ...base.personalEmails], draft.emails.map((e) => ({ ...e, source })));
  const keys = personKeys([...base.keys, ...draft.keys, ...(draft.nameKey ? [draft.nameKey] : [])]);
  const next: PersonContact = {
    ...base,
    name: mergeFact(base.name, facts.name, source),
    title: mergeFact(base.title, facts.title, source),
    headline: mergeFact(base.headline, facts.headline, source),
    location: mergeFact(base.location, facts.location, source),
    companyName: mergeFact(base.companyName, facts.companyName, source),
    networkUrl: mergeFact(base.networkUrl, facts.networkUrl, source),
    photoUrl: mergeFact(base.photoUrl, facts.photoUrl, source),
    microblog: mergeFact(base.microblog, facts.microblog, source),
    urls: [...new Set([...base.urls, ...draft.urls])],
    workEmails: emails.filter((e) => e.kind === 'work'),
    personalEmails: emails.filter((e) => e.kind === 'personal'),
    phones: mergePhones(base.phones, draft.phones.map((p) => ({ ...p, source }))),
    keys,
    id: primaryId(keys) ?? base.id,
    companyId: companyId ?? base.companyId,
    firstSeenAt: Math.min(base.firstSeenAt, source.at),
    updatedAt: Math.max(base.updatedAt, source.at),
  };
  if (draft.crm) next.crm = { ...draft.crm, checkedAt: source.at };
  // An answer that names the new company (or title) makes a job change seen for free part of the facts.
  return withoutAnsweredChange(dropUndefined(next));
}

/** Two person contacts found to be one: every value of both, kept once. */
function joinPeople(a: PersonContact, b: PersonContact): PersonContact {
  const emails = mergeEmails([...a.workEmails, ...a.personalEmails], [...b.workEmails, ...b.personalEmails]);
  const keys = personKeys([...a.keys, ...b.keys]);
  return dropUndefined({
    ...a,
    name: joinFacts(a.name, b.name),
    title: joinFacts(a.title, b.title),
    headline: joinFacts(a.headline, b.headline),
    location: joinFacts(a.location, b.location),
    companyName: joinFacts(a.companyName, b.companyName),
    networkUrl: joinFacts(a.networkUrl, b.networkUrl),
    photoUrl: joinFacts(a.photoUrl, b.photoUrl),
    microblog: joinFacts(a.microblog, b.microblog),
    urls: [...new Set([...a.urls, ...b.urls])],
    workEmails: emails.filter((e) => e.kind === 'work'),
    personalEmails: emails.filter((e) => e.kind === 'personal'),
    phones: mergePhones(a.phones, b.phones),
    keys,
    id: primaryId(keys) ?? a.id,
    tags: [...new Set([...a.tags, ...b.tags])],
    companyId: a.companyId ?? b.companyId,
    crm: !a.crm || (b.crm && b.crm.checkedAt > a.crm.checkedAt) ? b.crm : a.crm,
    notice: !a.notice || (b.notice && b.notice.preparedAt > a.notice.preparedAt) ? b.notice : a.notice,
    jobChange: !a.jobChange || (b.jobChange && b.jobChange.seenAt > a.jobChange.seenAt) ? b.jobChange : a.jobChange,
    firstSeenAt: Math.min(a.firstSeenAt, b.firstSeenAt),
    updatedAt: Math.max(a.updatedAt, b.updatedAt),
  });
}

function dropUndefined<T extends object>(value: T): T {
  // A loop, not Object.entries/fromEntries: this runs twice per answer merged (the history move: 100,000 times).
  const out: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}

/**
 * The contacts an answer about a person belongs to: those sharing its strongest identity, and
 * never one whose profile differs from the answer's (or, when the answer has no profile, from the
 * first one found). A name key finds only contacts known by nothing better.
 */
async function peopleFor(draft: PersonDraft, lookup: Lookup): Promise<PersonContact[]> {
  const people = (list: Contact[]) => list.filter((c): c is PersonContact => c.kind === 'person');
  if (!draft.keys.length) {
    if (!draft.nameKey) return [];
    return people(await lookup([draft.nameKey])).filter((c) => orderKeys(c.keys).length === 0);
  }
  const found = people(await lookup(draft.keys));
  const strength = (c: PersonContact) => Math.min(...c.keys.filter((k) => draft.keys.includes(k)).map(keyRank), 99);
  found.sort((a, b) => strength(a) - strength(b) || b.updatedAt - a.updatedAt);
  const profile = draft.keys.find((k) => k.startsWith('person:')) ?? (found[0] ? profileOf(found[0]) : undefined);
  return found.filter((c) => !profile || !profileOf(c) || profileOf(c) === profile);
}

function applyCompany(base: CompanyContact, draft: CompanyDraft, source: Source): CompanyContact {
  const f = draft.facts;
  const keys = [...new Set([...base.keys, ...draft.keys])];
  const strong = keys.filter((k) => !k.startsWith('company-name:'));
  const finalKeys = strong.length ? strong : keys;
  return dropUndefined({
    ...base,
    name: mergeFact(base.name, f.name, source),
    domain: mergeFact(base.domain, f.domain, source),
    website: mergeFact(base.website, f.website, source),
    networkUrl: mergeFact(base.networkUrl, f.networkUrl, source),
    industry: mergeFact(base.industry, f.industry, source),
    size: mergeFact(base.size, f.size, source),
    employeeCount: mergeFact(base.employeeCount, f.employeeCount, source),
    founded: mergeFact(base.founded, f.founded, source),
    headquarters: mergeFact(base.headquarters, f.headquarters, source),
    country: mergeFact(base.country, f.country, source),
    description: mergeFact(base.description, f.description, source),
    phone: draft.phone ? mergePhones(base.phone ? [base.phone] : [], [{ ...draft.phone, source }])[0] : base.phone,
    keys: finalKeys,
    id: finalKeys.find((k) => k.startsWith('domain:')) ?? finalKeys.find((k) => k.startsWith('company:')) ?? finalKeys[0]!,
    firstSeenAt: Math.min(base.firstSeenAt, source.at),
    updatedAt: Math.max(base.updatedAt, source.at),
  });
}

/** What one answer changes in the book; `lookup` reads contacts by identity key (`drafts`: draftsOf(answer), when already made). */
export async function mergeAnswer(answer: ContactAnswer, lookup: Lookup, drafts: Drafts = draftsOf(answer)): Promise<MergeChange> {
  const source = sourceOf(answer);
  const upserts: Contact[] = [];
  const removes = new Set<string>();

  let companyId: string | undefined;
  if (drafts.company && drafts.company.keys.length) {
    const found = (await lookup(drafts.company.keys)).filter((c): c is CompanyContact => c.kind === 'company');
    const base = found[0] ?? { kind: 'company' as const, id: drafts.company.keys[0]!, keys: [], words: [], tags: [], firstSeenAt: source.at, updatedAt: source.at };
    const company = applyCompany(base, drafts.company, source);
    if (found[0] && found[0].id !== company.id) removes.add(found[0].id);
    upserts.push(company);
    companyId = company.id;
  }

  const draft = drafts.person;
  if (draft && (draft.keys.length || draft.nameKey)) {
    const matches = await peopleFor(draft, lookup);
    if (matches.length || !drafts.attachOnly) {
      const [first, ...others] = matches;
      let person = first ?? emptyPerson(primaryId([...draft.keys, ...(draft.nameKey ? [draft.nameKey] : [])])!, source.at);
      for (const other of others) person = joinPeople(person, other);
      person = applyPerson(person, draft, source, companyId);
      for (const old of matches) if (old.id !== person.id) removes.add(old.id);
      upserts.push(person);
    }
  }
  for (const contact of upserts) removes.delete(contact.id);
  return { upserts, removes: [...removes] };
}
