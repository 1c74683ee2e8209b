// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SpendRefused } from '@/components/lookup/SpendRefused';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
// A frame with neither Chrome's sidePanel nor Firefox's sidebarAction, as Firefox's in-page frame
// (the test browser has both).
vi.mock('@/lib/panel/page/side-panel', () => ({ sidePanelKind: () => null, openSidePanel: () => null }));

describe('a refused spend, where the frame cannot open the sidebar itself', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(sendMessage).mockReset();
  });

  it("offers Dossier's menu, which the worker opens", async () => {
    vi.mocked(sendMessage).mockResolvedValue({ ok: true, value: true } as never);
    render(<SpendRefused reason="unsupported" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Dossier’s menu' }));
    await waitFor(() => expect(sendMessage).toHaveBeenCalledWith('openMenu', undefined));
    expect(screen.getByRole('button', { name: 'Open Dossier’s menu' })).toBeTruthy();
  });

  it('takes the button away when the browser would not open the menu: the sentence still says where the toolbar button is', async () => {
    vi.mocked(sendMessage).mockResolvedValue({ ok: true, value: false } as never);
    render(<SpendRefused reason="unsupported" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open Dossier’s menu' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open Dossier’s menu' })).toBeNull());
    expect(screen.getByRole('alert').textContent).toMatch(/toolbar button/);
  });
});
