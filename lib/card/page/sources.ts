import type { CompanyContact, Fact, PersonContact, Source } from '@/lib/book/model';
import { emailSourceLines, lookupName, phoneSourceLines, sourceLine } from '@/lib/book/source-label';
import { formatDay } from '@/lib/platform/i18n/relative-time';
import { t } from '@/lib/platform/i18n';
import type { CardRow } from '@/lib/card/page/rows';
import type { CardSubject } from '@/lib/card/page/subject';

/**
 * What a row's menu says of where its values came from: one item per email or phone (its
 * grade, lookup, day, charge, WhatsApp check), and one per answer for facts (the company's, the
 * header's title and location…), so that ten facts from one enrichment take one line, not ten.
 * Each names the history entry of its answer when there is one, for the menu's link.
 */
export interface SourceItem {
  /** What the item is about: an address, a number, or the facts' names ("Industry, Size"). */
  label: string;
  lines: string[];
  /** The answer's history entry, and the link's accessible name; null when none (the CRM check). */
  entry: { id: string; name: string } | null;
}

function entryOf(source: Source): SourceItem['entry'] {
  return source.historyId ? { id: source.historyId, name: t('source.openEntryName', { date: formatDay(source.at), lookup: lookupName(source.op) }) } : null;
}

/** Each fact with its name as the card shows it. */
type Named = readonly (readonly [string, Fact | undefined])[];

/** Facts grouped by the answer that gave them, newest answer first. */
function factItems(facts: Named): SourceItem[] {
  const groups = new Map<string, { source: Source; names: string[] }>();
  for (const [name, fact] of facts) {
    if (!fact) continue;
    const { source } = fact;
    const key = JSON.stringify([source.op, source.historyId, source.at, source.paid]);
    const group = groups.get(key) ?? { source, names: [] };
    group.names.push(name);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.source.at - a.source.at)
    .map(({ source, names }) => ({ label: names.join(', '), lines: [sourceLine(source)], entry: entryOf(source) }));
}

function companyItems(company: CompanyContact): SourceItem[] {
  const facts: Named = [
    [t('card.row.company'), company.name],
    [t('card.company.domain'), company.domain],
    [t('card.link.website'), company.website],
    [t('card.company.industry'), company.industry],
    [t('card.company.size'), company.size],
    [t('card.company.employees'), company.employeeCount],
    [t('card.company.founded'), company.founded],
    [t('card.company.headquarters'), company.headquarters],
    [t('card.company.country'), company.country],
    [t('source.fact.description'), company.description],
  ];
  const phone = company.phone;
  return [...factItems(facts), ...(phone ? [{ label: phone.international, lines: phoneSourceLines(phone), entry: entryOf(phone.source) }] : [])];
}

function personItems(person: PersonContact): SourceItem[] {
  return factItems([
    [t('source.fact.name'), person.name],
    [t('source.fact.title'), person.title],
    [t('source.fact.headline'), person.headline],
    [t('source.fact.location'), person.location],
    [t('source.fact.companyName'), person.companyName],
  ]);
}

/** The header's menu: where the person's name, title and location came from (a company's card: its facts). */
export function headerSources(subject: CardSubject): SourceItem[] {
  if (subject.person) return personItems(subject.person);
  const company = subject.company;
  // A company's header shows its name, industry and headquarters; its row's menu tells the rest.
  if (!company) return [];
  return factItems([
    [t('card.row.company'), company.name],
    [t('card.company.industry'), company.industry],
    [t('card.company.headquarters'), company.headquarters],
    [t('card.company.country'), company.country],
  ]);
}

/** A row's menu: each of its values, where it came from. */
export function rowSources(row: CardRow, subject: CardSubject): SourceItem[] {
  switch (row.id) {
    case 'workEmail':
    case 'personalEmail':
      return row.emails.map((email) => ({ label: email.address, lines: emailSourceLines(email), entry: entryOf(email.source) }));
    case 'phone':
      return row.phones.map((phone) => ({ label: phone.international, lines: phoneSourceLines(phone), entry: entryOf(phone.source) }));
    case 'microblog': {
      const fact = subject.person?.microblog;
      return fact ? [{ label: `@${fact.value.replace(/^@/, '')}`, lines: [sourceLine(fact.source)], entry: entryOf(fact.source) }] : [];
    }
    case 'company':
      return row.company ? companyItems(row.company) : [];
  }
}
