import { createFrameHost, FRAME_TITLE } from '@/lib/panel/content/frame-host';
import { MICROBLOG_MATCHES, NETWORK_MATCHES } from '@/lib/platform/site-hosts';
import { watchLocation } from '@/lib/platform/content/location';
import { sameDetection, scheduleDetections } from '@/lib/detect/content/redetect';
import { detectPage } from '@/lib/detect/content/detect';
import type { Detection } from '@/lib/detect/detection';
import { contentMessenger } from '@/lib/contracts/content-protocol';
import { sendMessage } from '@/lib/contracts/messenger';
import { extensionPageUrl } from '@/lib/platform/extension-pages';

/**
 * The always-on detector. It reads the page with a few targeted queries, reports what it saw
 * to the worker (its only correspondent) and places the panel's frame where the worker says.
 * In stealth mode the worker never says so, and nothing is added to the page.
 */
export default defineContentScript({
  matches: [...NETWORK_MATCHES, ...MICROBLOG_MATCHES],
  runAt: 'document_idle',
  main(ctx) {
    const frame = createFrameHost(document, () => extensionPageUrl('panelFrame'), FRAME_TITLE);
    let last: Detection | null | undefined;

    async function detect() {
      const detection = detectPage(document, location.href);
      if (last !== undefined && sameDetection(detection, last)) return;
      last = detection;
      const reply = await sendMessage('reportDetection', { detection }).catch(() => null);
      if (ctx.isValid && reply?.ok && reply.value.frame) frame.place(reply.value.frame);
    }

    const schedule = () => scheduleDetections(() => void detect(), (cb, ms) => ctx.setTimeout(cb, ms), clearTimeout);
    let cancel = schedule();
    watchLocation(() => {
      cancel();
      cancel = schedule();
    }, ctx.signal);

    contentMessenger.onMessage('placeFrame', ({ data }) => frame.place(data));
  },
});
