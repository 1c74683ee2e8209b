const HIGHLIGHT = 'dossier-found';

interface Marked {
  node?: Text | Element;
}

/**
 * Marks what the scanner found without touching the page's DOM: a CSS custom highlight over
 * ranges (a dotted underline). Where the browser lacks the Highlight API nothing is marked;
 * the panel still lists the items.
 */
export function markFound(items: readonly Marked[], doc: Document = document): void {
  const highlights = (globalThis.CSS as { highlights?: Map<string, unknown> } | undefined)?.highlights;
  const HighlightCtor = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!highlights || !HighlightCtor) return;
  const ranges = items.flatMap(({ node }) => {
    if (!node) return [];
    const range = doc.createRange();
    range.selectNodeContents(node);
    return [range];
  });
  if (!ranges.length) return;
  highlights.set(HIGHLIGHT, new HighlightCtor(...ranges));
  if (!doc.getElementById(HIGHLIGHT)) {
    const style = doc.createElement('style');
    style.id = HIGHLIGHT;
    style.textContent = `::highlight(${HIGHLIGHT}) { text-decoration: underline dotted #2b4c7e 2px; text-underline-offset: 3px; }`;
    (doc.head ?? doc.documentElement).append(style);
  }
}
