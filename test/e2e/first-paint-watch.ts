import type { Frame, Page } from '@playwright/test';

/**
 * For the e2e tests of the pages drawn first without React (test/e2e/first-paint-*.e2e.ts).
 */

/**
 * Records every element's box (and its own text) on both sides of the swap of `main#root`, in the
 * task that swaps; with `hold`, the React page waits for `window.__releaseReact()` (an automation
 * build's wait in each page's main.ts). Run in the page, through `page.addInitScript(watchTakeOver, hold)`:
 * it uses nothing from outside itself.
 */
export function watchTakeOver(hold: boolean) {
  const w = window as unknown as { __dossierHoldReact?: Promise<void>; __releaseReact?: () => void; __boxes?: { before: string[]; after: string[] } };
  if (hold) w.__dossierHoldReact = new Promise<void>((resolve) => (w.__releaseReact = resolve));
  const replaceWith = Element.prototype.replaceWith;
  const boxes = (root: Element) =>
    [root, ...root.querySelectorAll('*')].map((e) => {
      const r = e.getBoundingClientRect();
      const own = [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('');
      return `${e.tagName} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ${own}`;
    });
  Element.prototype.replaceWith = function (this: Element, ...nodes: (Node | string)[]) {
    if (this.id !== 'root') return replaceWith.apply(this, nodes);
    const before = boxes(this);
    replaceWith.apply(this, nodes);
    w.__boxes = { before, after: boxes(nodes[0] as Element) };
  };
}

/** Resolves once the React page has taken the first paint's place (the 'dossier:takeover' mark). */
export const tookOver = (target: Page | Frame) => target.waitForFunction(() => performance.getEntriesByName('dossier:takeover').length > 0);

/** The boxes watchTakeOver recorded on both sides of the swap. */
export const boxesOf = (target: Page | Frame) => target.evaluate(() => (window as unknown as { __boxes: { before: string[]; after: string[] } }).__boxes);
