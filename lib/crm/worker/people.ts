import type { HistoryEntry } from '@/lib/history/entry';
import { contactFromEnrichment, type CrmContact } from '@/lib/crm/contact';
import { contactsToCsv } from '@/lib/crm/worker/export/csv';
import { toVCards } from '@/lib/crm/export/vcard';
import type { EnrichedPerson } from '@/lib/crm/contract';
import { t } from '@/lib/platform/i18n';
import { CrmRefusal } from '@/lib/crm/worker/refusal';

/** Enrichments whose answer describes a person a CRM can hold. */
const PUSHABLE_OUTCOMES = new Set(['paid', 'free', 'cached']);

export interface HistoryReader {
  readHistory(): Promise<HistoryEntry[]>;
  /** Only the entries asked for: a push must not read the whole history. */
  readHistoryEntries(ids: readonly string[]): Promise<HistoryEntry[]>;
  now(): number;
}

/** The person a lookup found, as a CRM takes them; null for anything else. */
export function contactOf(entry: HistoryEntry): CrmContact | null {
  // The entry was read through its schema: an enrichPerson result is an Enrichment.
  if (entry.op !== 'enrichPerson' || !PUSHABLE_OUTCOMES.has(entry.outcome) || !entry.result?.person) return null;
  return contactFromEnrichment(entry.result, { historyId: entry.id, at: entry.paidAt ?? entry.at, paid: entry.outcome === 'paid' });
}

/** The people of the history, as pushes and exports take them. */
export function createCrmPeople(deps: HistoryReader) {
  return {
    async contactFor(historyId: string): Promise<CrmContact> {
      const [entry] = await deps.readHistoryEntries([historyId]);
      if (!entry) throw new CrmRefusal('not_found', t('crm.refusal.lookupGone'));
      const contact = contactOf(entry);
      if (!contact) throw new CrmRefusal('invalid_input', t('crm.refusal.notAPerson'));
      return contact;
    },

    async export(historyIds: readonly string[], format: 'csv' | 'vcard') {
      const contacts = (await deps.readHistoryEntries([...new Set(historyIds)])).flatMap((e) => contactOf(e) ?? []);
      if (!contacts.length) throw new CrmRefusal('not_found', t('crm.refusal.nothingToExport'));
      const stamp = new Date(deps.now()).toISOString().slice(0, 10);
      const base = contacts.length === 1 ? contacts[0]!.fullName.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'contact' : `dossier-contacts-${stamp}`;
      return format === 'csv'
        ? { filename: `${base}.csv`, mimeType: 'text/csv', content: contactsToCsv(contacts) }
        : { filename: `${base}.vcf`, mimeType: 'text/vcard', content: toVCards(contacts) };
    },

    async enrichedPeople(limit: number): Promise<EnrichedPerson[]> {
      const seen = new Set<string>();
      const people: EnrichedPerson[] = [];
      for (const entry of await deps.readHistory()) {
        const contact = contactOf(entry);
        if (!contact || seen.has(contact.identity)) continue;
        seen.add(contact.identity);
        people.push({ historyId: entry.id, name: contact.fullName, company: contact.company?.name ?? null, at: entry.at });
        if (people.length >= limit) break;
      }
      return people;
    },
  };
}
