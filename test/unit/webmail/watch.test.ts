// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDETECT_DELAYS_MS } from '@/lib/content/redetect';
import { SETTLE_MS, watchOpenMessage } from '@/lib/webmail/watch';

afterEach(() => vi.useRealTimers());

describe('following the open message', () => {
  it('reads on the redetection schedule at start, then once the reading pane has settled after a change', async () => {
    vi.useFakeTimers();
    const read = vi.fn();
    const controller = new AbortController();
    watchOpenMessage(document, read, controller.signal);
    await vi.advanceTimersByTimeAsync(Math.max(...REDETECT_DELAYS_MS) + 1);
    expect(read).toHaveBeenCalledTimes(REDETECT_DELAYS_MS.length);
    read.mockClear();

    // Several changes in a burst (Outlook swapping the pane): one read, after it settled.
    for (let i = 0; i < 5; i += 1) {
      document.body.append(document.createElement('div'));
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 4);
    }
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(read).toHaveBeenCalledTimes(1);

    // Stopped with the content script: nothing more.
    controller.abort();
    document.body.append(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
