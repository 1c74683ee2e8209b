// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Panel } from '@/components/panel/Panel';

vi.mock('@/lib/messaging/messenger', () => ({ sendMessage: vi.fn(async () => ({ ok: false, error: { kind: 'x', message: 'unused' } })) }));

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
