// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTabState } from '@/components/panel/useTabState';
import { sendMessage } from '@/lib/contracts/messenger';
import type { PanelTabState } from '@/lib/panel/tab-state';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

const stateOf = (label: string) => ({ tabId: 7, label }) as unknown as PanelTabState;
const labelOf = (state: PanelTabState | null) => (state as unknown as { label?: string } | null)?.label;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(sendMessage).mockReset();
});

describe("the panel's tab state", () => {
  it('asks again when the worker refuses the ask (a Firefox event page being suspended), instead of staying blank', async () => {
    vi.mocked(sendMessage)
      .mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'))
      .mockResolvedValueOnce({ ok: false, error: { code: 'internal', message: 'starting' } } as never)
      .mockResolvedValue({ ok: true, value: stateOf('found') } as never);
    const { result } = renderHook(() => useTabState(undefined));
    await waitFor(() => expect(labelOf(result.current)).toBe('found'), { timeout: 3000 });
    expect(vi.mocked(sendMessage).mock.calls.filter(([name]) => name === 'panelState').length).toBeGreaterThanOrEqual(3);
  });

  it('asks again when an ask goes unanswered', async () => {
    vi.useFakeTimers();
    vi.mocked(sendMessage)
      .mockReturnValueOnce(new Promise(() => {}) as never)
      .mockResolvedValue({ ok: true, value: stateOf('found') } as never);
    const { result } = renderHook(() => useTabState(undefined));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(labelOf(result.current)).toBe('found');
  });

  it('reads once more after it starts watching: a change written between the answer and the watch is not missed', async () => {
    // The worker answered with the tab as it was, then changed it before the page watched the key.
    vi.mocked(sendMessage)
      .mockResolvedValueOnce({ ok: true, value: stateOf('before the enrichment') } as never)
      .mockResolvedValue({ ok: true, value: stateOf('after the enrichment') } as never);
    const { result } = renderHook(() => useTabState(undefined));
    await waitFor(() => expect(labelOf(result.current)).toBe('after the enrichment'));
  });

  it('asks for the tab it is given, and asks nothing with no tab', async () => {
    vi.mocked(sendMessage).mockResolvedValue({ ok: true, value: stateOf('found') } as never);
    renderHook(() => useTabState(null));
    expect(sendMessage).not.toHaveBeenCalled();
    const { result } = renderHook(() => useTabState(7));
    await waitFor(() => expect(labelOf(result.current)).toBe('found'));
    expect(sendMessage).toHaveBeenCalledWith('panelState', { tabId: 7 });
  });
});
