// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDETECT_DELAYS_MS } from '@/lib/detect/content/redetect';
import { SETTLE_MS, watchOpenMessage } from '@/lib/webmail/content/watch';

afterEach(() => vi.useRealTimers());

describe('following the open message', () => {
  it('reads on the redetection schedule at start, then at most once per interval while the page changes', async () => {
    vi.useFakeTimers();
    const read = vi.fn();
    const controller = new AbortController();
    watchOpenMessage(document, read, controller.signal);
    await vi.advanceTimersByTimeAsync(Math.max(...REDETECT_DELAYS_MS) + 1);
    expect(read).toHaveBeenCalledTimes(REDETECT_DELAYS_MS.length);
    read.mockClear();

    // A burst of changes (Outlook swapping the pane): one read for the burst.
    for (let i = 0; i < 3; i += 1) {
      document.body.append(document.createElement('div'));
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 4);
    }
    expect(read).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    expect(read).toHaveBeenCalledTimes(1);

    // A page that never stops changing (relative times, new mail) is still read, at a bounded rate.
    read.mockClear();
    for (let i = 0; i < 40; i += 1) {
      document.body.append(document.createElement('div'));
      await vi.advanceTimersByTimeAsync(SETTLE_MS / 4);
    }
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(9);
    expect(read.mock.calls.length).toBeLessThanOrEqual(10);
    await vi.advanceTimersByTimeAsync(SETTLE_MS);
    read.mockClear();

    // Stopped with the content script: nothing more.
    controller.abort();
    document.body.append(document.createElement('div'));
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(read).not.toHaveBeenCalled();
  });
});
