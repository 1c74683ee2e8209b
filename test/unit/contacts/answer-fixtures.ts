import { historyEntrySchema, type HistoryEntry } from '@/lib/history/entry';

/** An entry as read back from storage: through the history's own schema. */
export function entry(over: Record<string, unknown>): HistoryEntry {
  return historyEntrySchema.parse({
    id: 'h1',
    op: 'enrichPerson',
    subject: 'https://www.linkedin.com/in/maya-chen/',
    input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' },
    identity: 'person:maya-chen',
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: null,
    at: 1_000,
    pageUrl: null,
    error: null,
    result: {
      person: { fullName: 'Maya Chen', networkUrl: 'https://www.linkedin.com/in/maya-chen/', urls: [], emails: [{ address: 'maya@northwind.example', status: 'verified', verified: true }], phones: [], extra: {} },
      company: { name: 'Northwind Analytics', domain: 'northwind.example', extra: {} },
      extra: {},
    },
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
