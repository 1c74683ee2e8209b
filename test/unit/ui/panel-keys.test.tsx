// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Panel } from '@/components/panel/Panel';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn(async () => ({ ok: false, error: { kind: 'x', message: 'unused' } })) }));

afterEach(cleanup);

describe('Escape closes the in-page panel', () => {
  const layout = { collapsed: false, side: 'right' as const };

  it('from a control inside it', () => {
    const onClose = vi.fn();
    render(<Panel detection={null} notice={null} layout={layout} onLayout={() => {}} onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Close Dossier panel' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('when focus fell back to the frame’s body (a re-render removed the focused control)', () => {
    const onClose = vi.fn();
    render(<Panel detection={null} notice={null} layout={layout} onLayout={() => {}} onClose={onClose} />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('not where the panel cannot be closed (side panel), and not on other keys', () => {
    const onClose = vi.fn();
    const { rerender } = render(<Panel detection={null} notice={null} layout={layout} onLayout={() => {}} onClose={onClose} />);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    rerender(<Panel detection={null} notice={null} layout={layout} onLayout={() => {}} />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the panel’s controls', () => {
  const layout = { collapsed: false, side: 'right' as const };

  it('in the page: move, fold and close, each named on hover as for a screen reader', () => {
    render(<Panel detection={null} notice={null} layout={layout} onLayout={() => {}} onClose={() => {}} movable />);
    for (const name of ['Move Dossier panel to the left', 'Collapse Dossier panel', 'Close Dossier panel']) {
      expect(screen.getByRole('button', { name }).getAttribute('title')).toBe(name);
    }
  });

  it('in the side panel: no move to a side of the page it is not on, no close the browser owns', () => {
    render(<Panel detection={null} notice={null} layout={layout} onLayout={() => {}} />);
    expect(screen.queryByRole('button', { name: /^Move Dossier panel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close Dossier panel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Collapse Dossier panel' })).toBeTruthy();
  });
});

describe('a key the service refuses, learnt from a lookup', () => {
  const layout = { collapsed: false, side: 'right' as const };
  const detection = {
    kind: 'person' as const,
    url: 'https://www.linkedin.com/in/maya-chen/',
    person: { fullName: 'Maya Chen', company: 'Northwind Analytics', profileUrl: 'https://www.linkedin.com/in/maya-chen/' },
    confidence: 0.9,
    sources: ['url'],
  };

  it('is said at the top of the panel with the way to connect a working one, not only on the row', async () => {
    vi.mocked(sendMessage).mockImplementation((async (name: string) => {
      if (name === 'panelStatus') return { ok: true, value: { hasKey: true, isSandbox: false, credits: 40 } };
      if (name === 'preview') return { ok: true, value: { op: 'enrichPerson', cost: 2, price: 2, inLedger: null } };
      if (name === 'lookup') return { ok: true, value: { op: 'enrichPerson', status: 'failed', cost: 0, historyId: 'h1', error: { kind: 'invalid_key', message: 'The service refused this API key.' } } };
      if (name === 'contactCard') return { ok: true, value: { person: null, company: null } };
      return { ok: false, error: { kind: 'x', message: 'unused' } };
    }) as never);
    render(<Panel detection={detection} notice={null} layout={layout} onLayout={() => {}} />);
    const enrich = await screen.findByRole('button', { name: /^Enrich person and company/ });
    expect(screen.queryByRole('button', { name: 'Connect your account' })).toBeNull();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    Object.defineProperty(click, 'isTrusted', { value: true });
    enrich.dispatchEvent(click);
    await waitFor(() => expect(screen.getByText(/The service refused your API key/)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Connect your account' })).toBeTruthy();
  });
});
