import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';
import { lookupEntry, person } from '@/test/setup/history-entries';

/** An entry as read back from storage: through the history's own schema. */
export function entry(over: Record<string, unknown>): HistoryEntry {
  const maya = 'https://www.linkedin.com/in/maya-chen/';
  return historyEntrySchema.parse({
    ...lookupEntry('enrichPerson', {
      id: 'h1',
      subject: maya,
      input: { profileUrl: maya },
      identity: 'person:maya-chen',
      result: {
        person: person({ fullName: 'Maya Chen', networkUrl: maya, emails: [{ address: 'maya@northwind.example', status: 'verified', verified: true }] }),
        company: { name: 'Northwind Analytics', domain: 'northwind.example', extra: {} },
        extra: {},
      },
    }),
    ...over,
  });
}

export const phoneAnswer = entry({
  id: 'h2',
  op: 'searchPhone',
  at: 2_000,
  result: {
    person: { fullName: 'Maya Chen', networkUrl: 'https://www.linkedin.com/in/maya-chen/', urls: [], emails: [], phones: [{ e164: '+33612345678', international: '+33 6 12 34 56 78', type: 'mobile', whatsapp: true }], extra: {} },
    candidates: [],
    warnings: [],
    extra: {},
  },
});
