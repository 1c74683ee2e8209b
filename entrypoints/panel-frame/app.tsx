import { awaitTakeOver } from '@/components/platform/first-paint';
import { PanelHost } from '@/components/panel/PanelHost';
import { renderPage } from '@/components/platform/page-root';
import type { ShownFirstPaint } from '@/entrypoints/panel-frame/first-paint';
import { t } from '@/lib/platform/i18n';
import { languageMirrorItem } from '@/lib/settings/language-mirror';
import { themeMirrorItem } from '@/lib/settings/theme-mirror';
import { handOver } from '@/lib/platform/ui/handover';

/**
 * The React panel, loaded after the first paint (main.ts). Where the first paint was drawn, the
 * panel renders aside, starts from the first paint's layout (moved or folded there), and takes its
 * place once it shows its header and first words (Panel's useTakeOver).
 */
const TAKE_OVER_LIMIT_MS = 3000;

export function startPanel(root: HTMLElement, firstPaint: ShownFirstPaint | null): void {
  let container = root;
  if (firstPaint) {
    container = root.cloneNode(false) as HTMLElement;
    let done = false;
    const takeOver = () => {
      if (done) return;
      done = true;
      firstPaint.release();
      // Closed from the first paint: the frame is on its way out (PanelHost reports nothing after it).
      if (firstPaint.closed()) return;
      handOver(root, container);
      performance.mark('dossier:takeover');
    };
    awaitTakeOver(takeOver);
    // Should the panel never settle (a worker that never answers), it is shown as it is, rather than a first paint that waits for good.
    setTimeout(takeOver, TAKE_OVER_LIMIT_MS);
  }
  // A frame inside a web page cannot open the vault: it follows the worker's copy of the language and theme.
  renderPage(container, () => <PanelHost firstPaint={firstPaint ?? undefined} />, { title: () => t('app.name'), language: languageMirrorItem, theme: themeMirrorItem });
}
