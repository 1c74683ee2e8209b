import { renderAside } from '@/components/platform/first-paint';
import { renderPage } from '@/components/platform/page-root';
import { t } from '@/lib/platform/i18n';
import { HistoryPage } from '@/entrypoints/lookup-history/HistoryPage';
import type { HistoryFirstPaint } from '@/entrypoints/lookup-history/first-paint';

/**
 * The React history page, loaded after the first paint (main.ts). Where the first paint was
 * drawn, the page renders aside, for the first paint's table size, and takes its place once it
 * shows the same rows (HistoryPage's useTakeOver).
 */
export function startHistoryPage(root: HTMLElement, firstPaint: HistoryFirstPaint | null): void {
  const container = firstPaint ? renderAside(root) : root;
  renderPage(container, () => <HistoryPage tableRect={firstPaint?.tableRect} />, { title: () => t('page.title.history') });
}
