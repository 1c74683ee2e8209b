import '@/entrypoints/popup/boot';
import { renderAside } from '@/components/platform/first-paint';
import { renderPage } from '@/components/platform/page-root';
import { t } from '@/lib/platform/i18n';
import { Popup } from '@/entrypoints/popup/Popup';

/**
 * The React popup, loaded after the first paint (main.ts). Where the first paint was drawn, the
 * popup renders aside and takes its place once it shows the same (Popup's useTakeOver).
 */
export function startPopup(root: HTMLElement, firstPaintShown: boolean): void {
  renderPage(firstPaintShown ? renderAside(root) : root, () => <Popup />, { title: () => t('app.name') });
}
