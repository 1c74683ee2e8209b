import { createFrameHost, FRAME_TITLE } from '@/lib/panel/content/frame-host';
import { createLauncher } from '@/lib/panel/content/launcher';
import { sameDetection } from '@/lib/detect/content/redetect';
import { contentMessenger } from '@/lib/contracts/content-protocol';
import { sendMessage } from '@/lib/contracts/messenger';
import { participantsOf, senderElementOf, type WebmailParticipants } from '@/lib/webmail/content/participants';
import { watchOpenMessage } from '@/lib/webmail/content/watch';
import { extensionPageUrl } from '@/lib/platform/extension-pages';

/**
 * Web mail (opt-in): Gmail and Outlook on the web. Not in the manifest; the worker registers it
 * only after the user turned web mail on and granted those hosts (lib/worker/content-registration.ts).
 * It reads the open message's participants (names and addresses) and nothing else, never the
 * subject or the body, and reports them to the worker; the card is in the side panel, or in the
 * in-page panel that the launcher beside the sender opens.
 */
export default defineContentScript({
  registration: 'runtime',
  runAt: 'document_idle',
  main(ctx) {
    const frame = createFrameHost(document, () => extensionPageUrl('panelFrame'), FRAME_TITLE);
    // Named by the worker's first answer, in the user's language, before it is ever shown.
    const launcher = createLauncher(document, FRAME_TITLE, () => void sendMessage('openMailPanel', undefined).catch(() => null));
    let last: WebmailParticipants | null | undefined;
    let showLauncher = false;

    async function read() {
      if (!ctx.isValid) return;
      const mail = participantsOf(document, location.href);
      const open = mail && (mail.sender || mail.others.length) ? mail : null;
      if (last === undefined || !sameDetection(open, last)) {
        last = open;
        const reply = await sendMessage('reportParticipants', { mail: open }).catch(() => null);
        showLauncher = Boolean(ctx.isValid && reply?.ok && reply.value.launcher);
        if (reply?.ok) launcher.relabel(reply.value.launcherLabel);
      }
      // The mail client may have re-rendered the header and dropped the launcher with it.
      launcher.placeBeside(showLauncher && ctx.isValid ? senderElementOf(document, location.href) : null);
    }

    watchOpenMessage(document, () => void read(), ctx.signal);
    ctx.onInvalidated(() => launcher.placeBeside(null));
    contentMessenger.onMessage('placeFrame', ({ data }) => frame.place(data));
  },
});
