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
