import { awaitTakeOver } from '@/components/platform/first-paint';
import { ContactBook } from '@/components/book/ContactBook';
import { renderPage } from '@/components/platform/page-root';
import { t } from '@/lib/platform/i18n';
import { handOver } from '@/lib/platform/ui/handover';

/**
 * The React book, loaded after the first paint (main.ts). Where the first paint was drawn, the
 * book renders beside it, in the page but unseen, so that its table measures the height it will
 * have and lays out the same rows; it takes the first paint's place once it shows the same
 * (ContactBook's useTakeOver).
 */
const TAKE_OVER_LIMIT_MS = 3000;

/** Laid out like the page, seen by no one, in no one's way (fixed: it adds no scrolling to the page). */
const ASIDE = 'position: fixed; inset: 0; overflow: hidden; visibility: hidden; pointer-events: none;';

export function startBook(root: HTMLElement, firstPaintShown: boolean): void {
  let container = root;
  if (firstPaintShown) {
    container = root.cloneNode(false) as HTMLElement;
    container.setAttribute('style', ASIDE);
    container.inert = true;
    root.after(container);
    const takeOver = () => {
      // A table scrolled in the first paint stays where it was.
      const scrolled = root.querySelector('.vbody')?.scrollTop ?? 0;
      // Out of the page before it is seen, so that the page is never, even within this task, both.
      container.remove();
      container.removeAttribute('style');
      container.inert = false;
      handOver(root, container);
      const body = container.querySelector('.vbody');
      if (body && scrolled) body.scrollTop = scrolled;
      performance.mark('dossier:takeover');
    };
    // Should the book never settle (a read that never answers), it is shown as it is, rather than a first paint that waits for good.
    setTimeout(awaitTakeOver(takeOver), TAKE_OVER_LIMIT_MS);
  }
  renderPage(container, () => <ContactBook />, { title: () => t('page.title.book') });
}
