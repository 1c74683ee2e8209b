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

/** The last press each first paint kept: the pressed control's place among its focusable elements, and its name. */
const kept = new WeakMap<HTMLElement, { at: number; name: string }>();

const nameOf = (control: Element) => control.getAttribute('aria-label') ?? control.textContent ?? '';

/**
 * Keeps the last press, in `firstPaint`, on a control that only the React page answers (those
 * `answeredByReact` selects), for `handOver` to press again once the React page is in. A
 * selector, not a mark on the controls: the first paint writes the same HTML as the React page.
 */
export function keepPresses(firstPaint: HTMLElement, answeredByReact: string): void {
  firstPaint.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest(answeredByReact) : null;
    if (!control || !firstPaint.contains(control)) return;
    kept.set(firstPaint, { at: [...firstPaint.querySelectorAll(FOCUSABLE)].indexOf(control), name: nameOf(control) });
  });
}

/** Presses again the control `firstPaint` kept a press for, if React's control in its place has the same name (the rows may have changed since). */
function pressAgain(firstPaint: HTMLElement, page: HTMLElement): void {
  const press = kept.get(firstPaint);
  kept.delete(firstPaint);
  if (!press || press.at < 0) return;
  const target = page.querySelectorAll<HTMLElement>(FOCUSABLE)[press.at];
  if (target && nameOf(target) === press.name) target.click();
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
    // Two trees out of step (a control only one draws) must not type a box's "on" into a text field.
    if (field instanceof HTMLInputElement && target instanceof HTMLInputElement && isTickable(field) !== isTickable(target)) return;
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
  pressAgain(firstPaint, page);
}
