import type { HistoryEntry } from '@/lib/history/entry';

/** What each benchmark module's run() answers to scripts/bench/index.ts. */
export interface BenchResult {
  name: string;
  pass: boolean;
  lines: string[];
}

/** Shaped like what a real enrichment leaves in history: the normalised person and company. */
export function benchHistoryEntry(i: number, now: number): HistoryEntry {
  const slug = `person-${i}`;
  const fields = {
    id: `bench-${i}`,
    subject: `https://www.linkedin.com/in/${slug}/`,
    input: { profileUrl: `https://www.linkedin.com/in/${slug}/` },
    identity: `person:${slug}`,
    outcome: i % 11 === 0 ? ('cached' as const) : ('paid' as const),
    cost: i % 11 === 0 ? 0 : 2,
    fromLedger: i % 11 === 0,
    paidAt: null,
    at: now - i * 60_000,
    pageUrl: i % 3 === 0 ? `https://www.linkedin.com/in/${slug}/` : null,
    error: null,
  };
  const person = {
    fullName: `Person ${i}`,
    firstName: 'Person',
    lastName: String(i),
    jobTitle: 'VP of Engineering',
    headline: 'VP of Engineering at Northwind Analytics',
    companyName: 'Northwind Analytics',
    location: 'San Francisco, California, United States',
    country: 'US',
    networkUrl: `https://www.linkedin.com/in/${slug}`,
    urls: [],
    emails: [{ address: `p${i}@northwind-analytics.example`, status: 'verified' as const, verified: true }],
    phones: [{ e164: '+14155550110', international: '+1 415 555 0110', type: 'mobile' as const }],
    confidence: 99,
    extra: { personId: String(100_000 + i), seniority: 'VP', department: 'Engineering', matchedBy: 'networkUrl', lastUpdated: '2026-01-15' },
  };
  if (i % 7 === 0) return { ...fields, op: 'reversePhone', result: { phone: person.phones[0]!, person } };
  return {
    ...fields,
    op: 'enrichPerson',
    result: {
      person,
      company: { name: 'Northwind Analytics', domain: 'northwind-analytics.example', networkUrl: 'https://www.linkedin.com/company/northwind-analytics', extra: {} },
      extra: {},
    },
  };
}
