import { markFound } from '@/lib/scan/content/highlight';
import { regionFor } from '@/lib/identity/region';
import { sendMessage } from '@/lib/contracts/messenger';
import { scanPage } from '@/lib/scan/content';

/**
 * Emails and phone numbers on any page: opt-in. Not in the manifest; the background registers
 * it for all sites only after the user granted that permission in the settings. What it finds
 * goes to the worker, which shows it in the side panel (the panel's frame is only allowed on
 * the network's pages).
 */
export default defineContentScript({
  registration: 'runtime',
  runAt: 'document_idle',
  async main(ctx) {
    const controller = new AbortController();
    ctx.onInvalidated(() => controller.abort());
    const found = await scanPage(document, {
      region: regionFor(null, document.documentElement.lang || navigator.language),
      signal: controller.signal,
    });
    if (!found.length || controller.signal.aborted) return;
    markFound(found);
    await sendMessage('reportFound', { items: found.map(({ kind, value, display }) => ({ kind, value, display })) }).catch(() => null);
  },
});
