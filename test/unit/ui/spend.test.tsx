// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CostLine } from '@/components/lookup/CostLine';
import { RowOutcome } from '@/components/panel/RowOutcome';
import { SpendStatus } from '@/components/lookup/SpendStatus';
import { useSpend } from '@/components/lookup/useLookup';
import type { LookupResponse } from '@/lib/lookup/contract';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

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
  error: { kind: 'outcome_unknown', message: 'Result unknown: check your balance. The lookup was sent, but the connection dropped. Your balance went from 100 to 70 credits, so this lookup may have been charged.' },
};

function Screen() {
  const spend = useSpend();
  return (
    <>
      <button type="button" onClick={(e) => spend.run({ op: 'searchPhone', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } }, e)}>
        Find mobile
      </button>
      <button type="button" onClick={spend.reset}>
        Next profile
      </button>
      <SpendStatus spend={spend} />
    </>
  );
}

const paid: LookupResponse = { ...lost, status: 'paid', cost: 30, paidAt: 1, balanceCheck: undefined, error: undefined };

/** A screen that does something with the answer (a card filling its row, the panel learning of an enrichment). */
function AnsweringScreen({ onDone }: { onDone(response: LookupResponse): void }) {
  const spend = useSpend();
  return (
    <button type="button" onClick={(e) => spend.run({ op: 'searchPhone', input: { profileUrl: 'https://www.linkedin.com/in/maya-chen/' } }, e, { onDone })}>
      Find mobile
    </button>
  );
}

function trustedClick(element: Element): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  act(() => void element.dispatchEvent(event));
}

describe('the one spend path', () => {
  afterEach(cleanup);

  it('spends nothing on a synthetic click', () => {
    render(<Screen />);
    fireEvent.click(screen.getByRole('button', { name: 'Find mobile' }));
    expect(sendMessage).not.toHaveBeenCalled();
  });

  it('shows a lost answer with a priced retry, and sends nothing again by itself', async () => {
    vi.mocked(sendMessage).mockResolvedValue({ ok: true, value: lost } as never);
    render(<Screen />);
    trustedClick(screen.getByRole('button', { name: 'Find mobile' }));
    expect(await screen.findByRole('alert', { name: 'Result unknown' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again · may cost up to 30 credits' })).toBeTruthy();
    expect(vi.mocked(sendMessage).mock.calls.filter(([name]) => name === 'lookup')).toHaveLength(1);
  });

  it('does not show a late answer once the screen moved on (another profile)', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(sendMessage).mockImplementation((() => new Promise((resolve) => (answer = resolve))) as never);
    render(<Screen />);
    trustedClick(screen.getByRole('button', { name: 'Find mobile' }));
    trustedClick(screen.getByRole('button', { name: 'Next profile' }));
    await act(async () => answer({ ok: true, value: lost }));
    expect(screen.queryByRole('alert', { name: 'Result unknown' })).toBeNull();
  });

  it('hands the answer to the screen that asked, and to no screen once that one is gone', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.mocked(sendMessage).mockImplementation((() => new Promise((resolve) => (answer = resolve))) as never);
    const onDone = vi.fn();
    const first = render(<AnsweringScreen onDone={onDone} />);
    trustedClick(screen.getByRole('button', { name: 'Find mobile' }));
    await act(async () => answer({ ok: true, value: paid }));
    expect(onDone).toHaveBeenCalledExactlyOnceWith(paid);

    first.unmount();
    const gone = vi.fn();
    const second = render(<AnsweringScreen onDone={gone} />);
    trustedClick(screen.getByRole('button', { name: 'Find mobile' }));
    second.unmount();
    await act(async () => answer({ ok: true, value: paid }));
    expect(gone).not.toHaveBeenCalled();
  });
});

describe('a lookup whose answer was lost, where results are shown', () => {
  afterEach(cleanup);

  it.each([
    ['the cost line of every card and of the popup', () => render(<CostLine response={lost} />)],
    ['a row of the search results or the found items', () => render(<RowOutcome result={{ kind: 'unknown', response: lost }} />)],
  ])('is never told as "not run" or "nothing was charged" in %s', (_, show) => {
    show();
    expect(document.body.textContent).toContain('from 100 to 70 credits');
    expect(document.body.textContent).not.toMatch(/Nothing was charged/);
  });
});
