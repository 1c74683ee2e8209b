import { drawFirstPaint } from '@/entrypoints/popup/first-paint';
import { startFirstPaint } from '@/lib/popup/page/early-read';

/**
 * The popup's first paint, whole, in one classic script in its page's head
 * (entrypoints/popup/index.html): the vault read while the browser parses the page, the popup
 * drawn as soon as it answers (lib/popup/page/early-read.ts), with no module graph before; React
 * loads after (entrypoints/popup/main.ts). Built by WXT as /popup-first.js.
 */
export default defineUnlistedScript(() =>
  startFirstPaint({
    draw(read, windowId) {
      if (!drawFirstPaint(document.getElementById('root')!, { read, windowId })) return false;
      // Drawn and usable: the box takes typing, the links and header buttons work (scripts/bench/popup.bench.ts).
      performance.mark('dossier:first-paint');
      performance.mark('dossier:interactive');
      return true;
    },
    windowId: () => browser.windows.getCurrent().then((w) => w.id),
  }),
);
