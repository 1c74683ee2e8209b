import { contentBridge } from '@/lib/content/bridge';
import { markFound } from '@/lib/content/highlight';
import { regionFor } from '@/lib/identity/region';
import { scanPage } from '@/lib/scan';
import { contentMessenger } from '@/lib/messaging/content-protocol';
import { showLookupResultsInPanel } from '@/lib/content/lookup-notices';
import { showPanel } from '@/lib/content/show-panel';

/**
 * Emails and phone numbers on any page: opt-in. Not in the manifest; the background registers
 * it for all sites only after the user granted that permission in the settings.
 */
export default defineContentScript({
  registration: 'runtime',
  runAt: 'document_idle',
  async main(ctx) {
    const bridge = contentBridge();
    // Listening before the scan: a right-click lookup may arrive while it runs.
    showLookupResultsInPanel(contentMessenger, bridge, showPanel);
    const controller = new AbortController();
    ctx.onInvalidated(() => controller.abort());
    const found = await scanPage(document, {
      region: regionFor(null, document.documentElement.lang || navigator.language),
      signal: controller.signal,
    });
    if (!found.length || controller.signal.aborted) return;
    markFound(found);
    bridge.set({ found: found.map(({ kind, value, display }) => ({ kind, value, display })) });
    contentMessenger.onMessage('getDetection', () => bridge.state.detection);
    if (!bridge.state.panelMounted) await showPanel();
  },
});
