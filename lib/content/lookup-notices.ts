import type { contentMessenger } from '../messaging/content-protocol';
import type { Bridge } from './bridge';

/**
 * A right-click lookup's outcome, shown in the page's panel (opened for it when needed).
 * Answers false when the panel could not be shown, so that the background falls back to a
 * notification and the result is never lost.
 */
export function showLookupResultsInPanel(messenger: Pick<typeof contentMessenger, 'onMessage'>, bridge: Bridge, showPanel: () => Promise<boolean>): void {
  messenger.onMessage('showLookupResult', async ({ data }) => {
    bridge.set({ notice: data });
    if (bridge.state.panelMounted) return true;
    return showPanel();
  });
}
