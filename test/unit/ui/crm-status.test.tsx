// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCrmStatus } from '@/components/crm/useCrm';
import { sendMessage } from '@/lib/contracts/messenger';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));

describe("the panel's CRM status", () => {
  it('is asked again when the page comes back into view, so a CRM connected meanwhile shows up', async () => {
    vi.mocked(sendMessage)
      .mockResolvedValueOnce({ ok: true, value: { connected: [] } } as never)
      .mockResolvedValueOnce({ ok: true, value: { connected: [{ target: 'hubspot', label: 'HubSpot' }] } } as never);
    const { result } = renderHook(() => useCrmStatus());
    await waitFor(() => expect(result.current).toEqual({ connected: [] }));

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(result.current?.connected).toHaveLength(1));
    expect(sendMessage).toHaveBeenCalledTimes(2);
  });
});
