import { contentBridge } from '@/lib/content/bridge';
import { MICROBLOG_MATCHES, NETWORK_MATCHES } from '@/lib/content/hosts';
import { sameDetection, scheduleDetections } from '@/lib/content/redetect';
import { detectPage } from '@/lib/extract/detect';
import { showLookupResultsInPanel } from '@/lib/content/lookup-notices';
import { showPanel } from '@/lib/content/show-panel';
import { contentMessenger } from '@/lib/messaging/content-protocol';

/**
 * The small always-on detector. It reads the page with a few targeted queries, and asks the
 * background to inject the panel only when the page is something Dossier can act on.
 */
export default defineContentScript({
  matches: [...NETWORK_MATCHES, ...MICROBLOG_MATCHES],
  runAt: 'document_idle',
  main(ctx) {
    const bridge = contentBridge();

    function detect() {
      const detection = detectPage(document, location.href);
      if (sameDetection(detection, bridge.state.detection)) return;
      bridge.set({ detection });
      if (detection.kind !== 'other' && !bridge.state.panelMounted) void showPanel();
    }

    let cancel = scheduleDetections(detect, (cb, ms) => ctx.setTimeout(cb, ms), clearTimeout);
    ctx.addEventListener(window, 'wxt:locationchange', () => {
      cancel();
      cancel = scheduleDetections(detect, (cb, ms) => ctx.setTimeout(cb, ms), clearTimeout);
    });

    contentMessenger.onMessage('getDetection', () => bridge.state.detection);
    showLookupResultsInPanel(contentMessenger, bridge, showPanel);
  },
});
