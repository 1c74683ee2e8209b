import { describe, expect, it } from 'vitest';
import { filterHistory, NO_FILTER } from '@/components/history/filter';
import { enrichment, lookupEntry } from '@/test/setup/history-entries';

const day = (d: number, h = 12) => new Date(2026, 2, d, h).getTime();

const entries = [
  lookupEntry('enrichPerson', {
    id: 'maya',
    subject: 'https://www.linkedin.com/in/maya-chen/',
    at: day(12),
    result: enrichment({ fullName: 'Maya Chen', companyName: 'Northwind Analytics', emails: [{ address: 'maya.chen@northwind-analytics.example', verified: true, status: 'verified' }] }),
  }),
  lookupEntry('reversePhone', { id: 'phone', subject: '+14155550110', at: day(11, 23) }),
  lookupEntry('enrichPerson', { id: 'miss', subject: 'Nobody, Acme', outcome: 'miss', cost: 0, at: day(11, 0) }),
  lookupEntry('searchPersonalEmail', { id: 'eu', subject: 'x@mail.example', outcome: 'refused', cost: 0, error: { kind: 'eu_mode', message: 'EU mode is on' }, at: day(9) }),
];
const ids = (filter: Partial<typeof NO_FILTER>) => filterHistory(entries, { ...NO_FILTER, ...filter }).map((e) => e.id);

describe('history filter', () => {
  it('searches the subject, the error and what the answer said, every word', () => {
    expect(ids({ text: 'northwind' })).toEqual(['maya']);
    expect(ids({ text: 'MAYA.CHEN@northwind' })).toEqual(['maya']);
    expect(ids({ text: 'eu mode' })).toEqual(['eu']);
    expect(ids({ text: 'maya acme' })).toEqual([]);
  });

  it('filters by operation and outcome', () => {
    expect(ids({ op: 'reversePhone' })).toEqual(['phone']);
    expect(ids({ outcome: 'miss' })).toEqual(['miss']);
  });

  it('takes whole local days, both bounds included', () => {
    expect(ids({ from: '2026-03-11', to: '2026-03-11' })).toEqual(['phone', 'miss']);
    expect(ids({ from: '2026-03-11' })).toEqual(['maya', 'phone', 'miss']);
    expect(ids({ to: '2026-03-10' })).toEqual(['eu']);
  });
});
