/**
 * Layout checks that run in the page under test (pass them to `page.evaluate` or
 * `frame.evaluate`): each is one self-contained function, because Playwright sends its source,
 * not its closure. test/e2e/pseudo-locale.e2e.ts and test/e2e/card-layout.e2e.ts prove each
 * catches a page built to break it.
 */

export interface Clipped {
  where: string;
  text: string;
  why: string;
}

/**
 * Every element whose text does not fit: content wider than the box where the box clips it
 * (overflow hidden, clip, auto or scroll, or an ellipsis), content taller than a box that hides
 * the rest, text spilling past a box that lets it show (a word wider than its button), and a
 * page that scrolls sideways. Only the innermost offender of a nest is listed.
 */
export function findClipped(): Clipped[] {
  const found: { el: Element; why: string }[] = [];
  const doc = document.documentElement;
  const page: Clipped[] = doc.scrollWidth > doc.clientWidth + 1 ? [{ where: 'html', text: '', why: `the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})` }] : [];
  for (const el of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.display === 'inline' || style.display === 'contents' || style.visibility === 'hidden') continue;
    const text = (el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? '' : el.textContent ?? '').trim();
    if (!text || el.getClientRects().length === 0) continue;
    const wider = el.scrollWidth - el.clientWidth;
    const taller = el.scrollHeight - el.clientHeight;
    const clipsX = ['hidden', 'clip', 'auto', 'scroll'].includes(style.overflowX);
    const clipsY = ['hidden', 'clip'].includes(style.overflowY);
    // Shortened on purpose, the whole value on hover (a table's less needed columns): not cut.
    if (style.textOverflow === 'ellipsis' && (el.getAttribute('title') ?? '').includes(text)) continue;
    if (wider > 1 && style.textOverflow === 'ellipsis') found.push({ el, why: `cut by an ellipsis (${el.scrollWidth} > ${el.clientWidth})` });
    else if (wider > 1 && clipsX) found.push({ el, why: `wider than its box, which ${style.overflowX === 'auto' || style.overflowX === 'scroll' ? 'scrolls' : 'hides the rest'} (${el.scrollWidth} > ${el.clientWidth})` });
    else if (wider > 1) found.push({ el, why: `spills out of its box (${el.scrollWidth} > ${el.clientWidth})` });
    else if (taller > 1 && clipsY) found.push({ el, why: `taller than its box, which hides the rest (${el.scrollHeight} > ${el.clientHeight})` });
  }
  const innermost = found.filter(({ el }) => !found.some((other) => other.el !== el && el.contains(other.el)));
  const describe = (el: Element) => {
    const parts: string[] = [];
    for (let node: Element | null = el; node && node !== document.documentElement && parts.length < 4; node = node.parentElement) {
      parts.unshift(node.localName + (node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''));
    }
    return parts.join(' > ');
  };
  return [...page, ...innermost.map(({ el, why }) => ({ where: describe(el), text: (el.textContent ?? '').trim().slice(0, 80), why }))];
}

export interface Covered {
  control: string;
  by: string;
}

/**
 * Every visible control (button, link, field) that something else is drawn over at its centre
 * once it is scrolled into view the way a keyboard user reaches it: a sticky bar, a header, a
 * popover. Each is scrolled as focus would scroll it (`block: 'nearest'`), then the element at
 * its centre must be the control or inside it.
 */
export function findCoveredControls(): Covered[] {
  const name = (el: Element) => (el.getAttribute('aria-label') ?? (el.textContent ?? '').trim() ?? el.localName).slice(0, 60) || el.localName;
  const found: Covered[] = [];
  const controls = document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary');
  for (const control of controls) {
    const style = getComputedStyle(control);
    if (control.getClientRects().length === 0 || style.visibility === 'hidden' || (control as HTMLElement).closest('[hidden], [inert]')) continue;
    control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
    const top = document.elementFromPoint(x, y);
    if (top && top !== control && !control.contains(top) && !top.contains(control)) found.push({ control: name(control), by: top.localName + (typeof top.className === 'string' && top.className ? `.${top.className.trim().split(/\s+/).join('.')}` : '') });
  }
  return found;
}
