import { takeFirstPaint } from '@/lib/popup/page/first-paint-outcome';
import { paintThenLoad } from '@/lib/platform/ui/first-paint-start';

/** Waits for the first script's first paint, then loads the React popup (app.tsx): it takes the first paint's place or, where none was drawn, draws it all. */
export function start(root: HTMLElement): void {
  paintThenLoad(takeFirstPaint, async (shown) => (await import('@/entrypoints/popup/app')).startPopup(root, shown));
}
