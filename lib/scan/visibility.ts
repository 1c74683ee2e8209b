/**
 * Whether text is something the user can see and did not type. Asked only for elements
 * whose text already looks like it holds an email or a phone, and cached per element, so a
 * page of thousands of nodes costs a few dozen style lookups.
 */

// Code, data and form fields: text there is not shown as text, or is the user's own input.
const NOT_PAGE_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'INPUT', 'SELECT', 'OPTION', 'TITLE', 'HEAD', 'IFRAME', 'OBJECT']);

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

/** Hidden or not page text by markup alone: no style lookup. */
function isSkippedByMarkup(element: Element): boolean {
  return (
    NOT_PAGE_TEXT.has(element.tagName.toUpperCase()) ||
    element.hasAttribute('hidden') ||
    element.getAttribute('aria-hidden') === 'true' ||
    isEditable(element)
  );
}

export interface Visibility {
  /** The element and everything in it is hidden (markup, `display: none`, or an ancestor's). */
  hiddenSubtree(element: Element): boolean;
  /** A text node (or a link) the user can see. */
  visible(node: Text | Element): boolean;
}

export function visibilityChecker(view: Window | null | undefined): Visibility {
  const styleOf = styleReader(view);
  const hidden = new Map<Element, boolean>();
  const invisible = new Map<Element, boolean>();

  function hiddenSubtree(element: Element): boolean {
    const cached = hidden.get(element);
    if (cached !== undefined) return cached;
    const parent = element.parentElement;
    const result = isSkippedByMarkup(element) || styleOf(element)?.display === 'none' || (parent ? hiddenSubtree(parent) : false);
    hidden.set(element, result);
    return result;
  }

  // `visibility` is inherited and a child may turn it back on, so the nearest element decides.
  function isInvisible(element: Element): boolean {
    let cached = invisible.get(element);
    if (cached === undefined) {
      const visibility = styleOf(element)?.visibility;
      cached = visibility === 'hidden' || visibility === 'collapse';
      invisible.set(element, cached);
    }
    return cached;
  }

  return {
    hiddenSubtree,
    visible(node) {
      const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
      return !!element && !hiddenSubtree(element) && !isInvisible(element);
    },
  };
}
