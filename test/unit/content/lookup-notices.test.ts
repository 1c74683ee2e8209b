import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contentBridge } from '@/lib/content/bridge';
import { showLookupResultsInPanel } from '@/lib/content/lookup-notices';
import type { TabNotice } from '@/lib/messaging/content-protocol';

type Handler = (message: { data: TabNotice }) => Promise<boolean>;

function fakeMessenger() {
  const handlers = new Map<string, Handler>();
  return {
    onMessage: vi.fn((type: string, handler: Handler) => {
      handlers.set(type, handler);
      return () => handlers.delete(type);
    }),
    deliver: (notice: TabNotice) => handlers.get('showLookupResult')!({ data: notice }),
  };
}

const notice: TabNotice = { title: 'Reverse phone lookup', message: 'Alex Morgan, Account Executive' };

describe('a right-click lookup shown in the page', () => {
  beforeEach(() => {
    globalThis.__dossierBridge = undefined;
  });

  it('hands the outcome to the mounted panel', async () => {
    const bridge = contentBridge();
    bridge.set({ panelMounted: true });
    const messenger = fakeMessenger();
    const showPanel = vi.fn(async () => true);
    showLookupResultsInPanel(messenger as never, bridge, showPanel);
    expect(await messenger.deliver(notice)).toBe(true);
    expect(bridge.state.notice).toEqual(notice);
    expect(showPanel).not.toHaveBeenCalled();
  });

  it('opens the panel for it when none is shown yet', async () => {
    const bridge = contentBridge();
    const messenger = fakeMessenger();
    showLookupResultsInPanel(messenger as never, bridge, async () => true);
    expect(await messenger.deliver(notice)).toBe(true);
    expect(bridge.state.notice).toEqual(notice);
  });

  it('answers false when the panel cannot be shown, so the background notifies instead', async () => {
    const messenger = fakeMessenger();
    showLookupResultsInPanel(messenger as never, contentBridge(), async () => false);
    expect(await messenger.deliver(notice)).toBe(false);
  });
});
