// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MissingKeyNotice, NoKeyNotice } from '@/components/welcome/NoKeyNotice';
import { useConnection } from '@/components/settings/connection-store';

vi.mock('@/components/settings/connection-store', async (original) => ({
  ...(await original<typeof import('@/components/settings/connection-store')>()),
  // The worker's answer is set by the test itself.
  startConnectionMirror: () => () => {},
}));

afterEach(() => {
  cleanup();
  useConnection.setState({ status: null });
});

describe('the no-key notice', () => {
  it('shows on a page only once the worker said no key is saved, and goes when one is', () => {
    render(<MissingKeyNotice />);
    // Not yet known: nothing, so that a page with a key never flashes the notice.
    expect(screen.queryByRole('region', { name: 'No API key yet' })).toBeNull();
    act(() => useConnection.setState({ status: { hasKey: false } as never }));
    const link = screen.getByRole('link', { name: 'Set up Dossier' });
    expect(link.getAttribute('href')).toMatch(/\/welcome\.html$/);
    act(() => useConnection.setState({ status: { hasKey: true } as never }));
    expect(screen.queryByRole('region', { name: 'No API key yet' })).toBeNull();
  });

  it('is a button where the caller opens the welcome page itself (the popup), with its other ways out', () => {
    const setUp = vi.fn();
    render(
      <NoKeyNotice onSetUp={setUp}>
        <button type="button">Open settings</button>
      </NoKeyNotice>,
    );
    screen.getByRole('button', { name: 'Set up Dossier' }).click();
    expect(setUp).toHaveBeenCalledOnce();
    expect(screen.getByRole('region', { name: 'No API key yet' }).textContent).toContain('Open settings');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
