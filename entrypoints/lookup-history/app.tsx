import { awaitTakeOver } from '@/components/first-paint';
import { renderPage } from '@/components/page-root';
import { t } from '@/lib/i18n';
import { handOver } from '@/lib/ui/handover';
import { HistoryPage } from '@/entrypoints/lookup-history/HistoryPage';
import type { HistoryFirstPaint } from '@/entrypoints/lookup-history/first-paint';

/**
 * The React history page, loaded after the first paint (main.ts). Where the first paint was
 * drawn, the page renders aside, for the first paint's table size, and takes its place once it
 * shows the same rows (HistoryPage's useTakeOver).
 */
const TAKE_OVER_LIMIT_MS = 3000;

export function startHistoryPage(root: HTMLElement, firstPaint: HistoryFirstPaint | null): void {
  let container = root;
  if (firstPaint) {
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
  renderPage(container, () => <HistoryPage tableRect={firstPaint?.tableRect} />, { title: () => t('page.title.history') });
}
