/**
 * Whether a candidate's text is something the user can see and did not type. Asked only for
 * nodes whose text already looks like an email or a phone, and cached per element, so a
 * page of thousands of nodes costs a few dozen style lookups.
 */

// Code, data and form fields: text there is not shown as text, or is the user's own input.
const NOT_PAGE_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'INPUT', 'SELECT', 'OPTION', 'TITLE', 'HEAD']);

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

export type VisibleText = (node: Text | Element) => boolean;

export function visibilityChecker(view: Window | null | undefined): VisibleText {
  const styleOf = styleReader(view);
  const hiddenSubtree = new Map<Element, boolean>();
  const invisible = new Map<Element, boolean>();

  function ownHidden(element: Element): boolean {
    if (NOT_PAGE_TEXT.has(element.tagName.toUpperCase())) return true;
    if (element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true' || isEditable(element)) return true;
    return styleOf(element)?.display === 'none';
  }

  function isHiddenSubtree(element: Element): boolean {
    const cached = hiddenSubtree.get(element);
    if (cached !== undefined) return cached;
    const parent = element.parentElement;
    const hidden = ownHidden(element) || (parent ? isHiddenSubtree(parent) : false);
    hiddenSubtree.set(element, hidden);
    return hidden;
  }

  // `visibility` is inherited (and a child may turn it back on), so the nearest element decides.
  function isInvisible(element: Element): boolean {
    let cached = invisible.get(element);
    if (cached === undefined) {
      const visibility = styleOf(element)?.visibility;
      cached = visibility === 'hidden' || visibility === 'collapse';
      invisible.set(element, cached);
    }
    return cached;
  }

  return (node) => {
    const element = node.nodeType === 1 ? (node as Element) : node.parentElement;
    return !!element && !isHiddenSubtree(element) && !isInvisible(element);
  };
}
