/**
 * Whether text is something the user can see and did not type. Asked only for text that
 * already looks like it holds an email or a phone, and cached per element, so its cost
 * follows the candidates, not the markup: one native box question per element that holds a
 * candidate (then two ancestor lookups by selector for those that show), never a computed
 * style per ancestor.
 */

// Code, data and form fields: text there is not shown as text, or is the user's own input.
// In SVG, titles and descriptions are tooltips and labels. These hold only text, so the text's
// own element is the one to ask.
const TEXT_HOLDERS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'HEAD', 'TEXTAREA', 'OPTION', 'DESC', 'METADATA']);
// Whole subtrees: hidden by markup, fallback content, form controls, SVG definitions (drawn
// only where used). Few selectors, so the ancestor lookup stays cheap on deep markup.
const SKIPPED_SUBTREES = '[hidden],[aria-hidden="true"],select,iframe,object,defs';
const EDITABLE = '[contenteditable]';

type StyleOf = (element: Element) => { display: string; visibility: string } | null;

function styleReader(view: Window | null | undefined): StyleOf {
  if (view && typeof view.getComputedStyle === 'function') return (element) => view.getComputedStyle(element);
  // Without a layout engine, the inline style is all there is to read.
  return (element) => (element as HTMLElement).style ?? null;
}

function isEditable(element: Element): boolean {
  const value = element.getAttribute('contenteditable');
  return value !== null && value.toLowerCase() !== 'false';
}

/** Hidden or not page text by markup alone, the element's or an ancestor's: no style lookup. */
function isSkippedByMarkup(element: Element): boolean {
  if (TEXT_HOLDERS.has(element.tagName.toUpperCase()) || element.closest(SKIPPED_SUBTREES)) return true;
  // `contenteditable="false"` inside an editable region is still the user's own text.
  for (let editable = element.closest(EDITABLE); editable; editable = editable.parentElement?.closest(EDITABLE) ?? null) {
    if (isEditable(editable)) return true;
  }
  return false;
}

export interface Visibility {
  /** A text node (or a link) the user can see. */
  visible(node: Text | Element): boolean;
}

export function visibilityChecker(view: Window | null | undefined): Visibility {
  const styleOf = styleReader(view);
  const hasBox = new Map<Element, boolean>();
  const shown = new Map<Element, boolean>();

  /** Neither the element nor an ancestor is `display: none`, and no closed `<details>` holds it. */
  function rendered(element: Element): boolean {
    let cached = hasBox.get(element);
    if (cached === undefined) {
      cached = typeof element.checkVisibility === 'function' ? hasBoxOrContents(element) : displayedByStyle(element);
      hasBox.set(element, cached);
    }
    return cached;
  }

  /**
   * One native call answers for most elements. A `display: contents` element has no box of its
   * own, yet its text shows: when the element has no box and its parent has one, the element's
   * own style says which it is (one style read at the top of a hidden subtree, none inside it).
   */
  function hasBoxOrContents(element: Element): boolean {
    if (element.checkVisibility()) return true;
    const parent = element.parentElement;
    return !!parent && parent.checkVisibility() && styleOf(element)?.display === 'contents';
  }

  // Without a layout engine: the display of every ancestor.
  function displayedByStyle(element: Element): boolean {
    const parent = element.parentElement;
    return styleOf(element)?.display !== 'none' && (!parent || rendered(parent));
  }

  function isShown(element: Element): boolean {
    let cached = shown.get(element);
    if (cached === undefined) {
      // `visibility` is inherited and a child may turn it back on, so the nearest element decides.
      // The box first: one native call settles most hidden candidates (closed menus, `hidden`,
      // scripts and styles), and the markup's selectors then run only for text that shows.
      cached = rendered(element) && !isSkippedByMarkup(element) && !['hidden', 'collapse'].includes(styleOf(element)?.visibility ?? '');
      shown.set(element, cached);
    }
    return cached;
  }

  return {
    visible(node) {
      const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
      return !!element && isShown(element);
    },
  };
}
