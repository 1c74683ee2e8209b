// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryDetails } from '@/components/history/HistoryDetails';
import { operationLabel } from '@/components/lookup/price';
import type { HistoryEntry } from '@/lib/history/entry';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn(async () => ({ ok: false, error: { kind: 'test', message: 'not in this test' } })) }));

function entry(op: string): HistoryEntry {
  return {
    id: `h-${op}`,
    op,
    subject: 'Maya Chen',
    input: { historyId: 'h-1', target: 'hubspot' },
    identity: null,
    outcome: op === 'crmPush' ? 'free' : 'paid',
    cost: op === 'crmPush' ? 0 : 2,
    fromLedger: false,
    paidAt: null,
    at: Date.parse('2026-11-20T10:00:00Z'),
    pageUrl: null,
    error: null,
  } as HistoryEntry;
}

describe('history details', () => {
  afterEach(cleanup);

  it('names a CRM push in words, and offers no "run again" for it: it is not a lookup', () => {
    expect(operationLabel('crmPush')).toBe('CRM push');
    render(<HistoryDetails entry={entry('crmPush')} onClose={() => {}} />);
    expect(screen.getByText('CRM push')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run again' })).toBeNull();
  });

  it('offers "run again" for a lookup', () => {
    render(<HistoryDetails entry={entry('enrichPerson')} onClose={() => {}} />);
    expect(screen.getByText('Enrich person')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run again' })).toBeTruthy();
  });
});
