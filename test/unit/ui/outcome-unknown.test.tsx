// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LookupResult } from '@/components/LookupResult';
import { ResultView } from '@/components/panel/ResultView';
import type { LookupResponse } from '@/lib/lookup/service';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn(async () => ({ ok: false, error: { kind: 'test', message: 'not in this test' } })) }));

const lost: LookupResponse = {
  status: 'unknown',
  op: 'searchPhone',
  historyId: 'h1',
  cost: 0,
  fromLedger: false,
  paidAt: null,
  refreshed: false,
  price: 30,
  balanceCheck: { before: 100, after: 70 },
  error: { kind: 'outcome_unknown', message: 'Outcome unknown: the connection dropped. Your balance went from 100 to 70 credits, so this lookup may have been charged.' },
};

describe('a lookup whose answer was lost', () => {
  afterEach(cleanup);

  it.each([
    ['the panel', () => render(<ResultView response={lost} />)],
    ['the popup', () => render(<LookupResult response={lost} />)],
  ])('is never told as "not run" or "nothing was charged" in %s', (_, show) => {
    show();
    expect(document.body.textContent).toContain('from 100 to 70 credits');
    expect(document.body.textContent).not.toMatch(/Nothing was charged/);
  });
});
