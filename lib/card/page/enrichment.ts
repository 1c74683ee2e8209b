import type { Fact, Source } from '@/lib/book/model';
import type { CardSubject } from '@/lib/card/page/subject';

/**
 * The newest full enrichment the contact book still names as the source of one of the person's
 * values: a CRM push starts from its history entry, so a person enriched on an earlier visit can
 * be pushed without paying again. A later answer that repeats a value becomes its source, so
 * this may find none (or an older one) after other lookups. The company's facts do not count:
 * the company is shared, and its facts may come from enriching a colleague.
 */
export function lastEnrichment(subject: CardSubject): { historyId: string; at: number } | null {
  const { person } = subject;
  if (!person) return null;
  const facts = (values: (Fact | undefined)[]) => values.flatMap((fact) => (fact ? [fact.source, ...fact.alternates.map((a) => a.source)] : []));
  const sources: Source[] = [
    ...facts([person.name, person.title, person.headline, person.location, person.companyName, person.networkUrl]),
    ...person.workEmails.map((e) => e.source),
    ...person.personalEmails.map((e) => e.source),
    ...person.phones.map((p) => p.source),
  ];
  let best: { historyId: string; at: number } | null = null;
  for (const source of sources) {
    if (source.op !== 'enrichPerson' || !source.historyId) continue;
    if (!best || source.at > best.at) best = { historyId: source.historyId, at: source.at };
  }
  return best;
}
