import '@/entrypoints/popup/boot';
import { awaitTakeOver } from '@/components/first-paint';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';
import { handOver } from '@/lib/ui/handover';
import { Popup } from '@/entrypoints/popup/Popup';

/**
 * The React popup, loaded after the first paint (main.ts). Where the first paint was drawn, the
 * popup renders aside and takes its place once it shows the same (Popup's useTakeOver).
 */
const TAKE_OVER_LIMIT_MS = 3000;

export function startPopup(root: HTMLElement, firstPaintShown: boolean): void {
  let container = root;
  if (firstPaintShown) {
    container = root.cloneNode(false) as HTMLElement;
    let done = false;
    const takeOver = () => {
      if (done) return;
      done = true;
      handOver(root, container);
      performance.mark('dossier:takeover');
    };
    awaitTakeOver(takeOver);
    // Should the page never settle (a read that never answers), it is shown as it is, rather than a first paint that waits for good.
    setTimeout(takeOver, TAKE_OVER_LIMIT_MS);
  }
  renderPage(container, () => <Popup />, { title: () => t('app.name') });
}
