/**
 * A page's first paint (drawn without React) gives its place to the React page once that page has
 * drawn the same thing: what the user typed or ticked, where the caret and the focus were, go
 * over to the matching controls (the n-th field, the n-th focusable element: the two trees have
 * the same shape), and the swap is one DOM operation in one task, so no frame shows anything in between.
 */

const FIELDS = 'input, textarea, select';
const FOCUSABLE = 'a[href], button, input, textarea, select, [tabindex]';

/** Sets a field's value as typing would, so that a framework listening for input hears it. */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isTickable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

export function handOver(firstPaint: HTMLElement, page: HTMLElement): void {
  const fields = [...firstPaint.querySelectorAll<Field>(FIELDS)];
  const focusables = [...firstPaint.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const active = document.activeElement;
  const focused = active instanceof HTMLElement ? focusables.indexOf(active) : -1;
  const selection = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? { start: active.selectionStart, end: active.selectionEnd, direction: active.selectionDirection } : null;

  firstPaint.replaceWith(page);

  const targets = [...page.querySelectorAll<Field>(FIELDS)];
  fields.forEach((field, i) => {
    const target = targets[i];
    if (!target || target.tagName !== field.tagName) return;
    // A box ticked: ticked again as a click would, so that a framework listening for it hears it.
    if (isTickable(field) && isTickable(target)) {
      if (target.checked !== field.checked) target.click();
    } else if (target.value !== field.value) typeInto(target, field.value);
  });
  const target = focused >= 0 ? page.querySelectorAll<HTMLElement>(FOCUSABLE)[focused] : undefined;
  if (target && target.tagName === active?.tagName) {
    target.focus({ preventScroll: true });
    if (selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) {
      try {
        target.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
      } catch {
        // A field without a caret (a number field): the focus is what matters.
      }
    }
  }
}
