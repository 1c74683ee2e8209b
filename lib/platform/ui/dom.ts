/**
 * Builds DOM without a framework, for what a page draws before its React code is in (its first
 * paint). Attributes are set as written (`class`, `for`, `aria-*`); `on` handlers are listeners;
 * a child that is null, undefined or false is left out, a string is a text node.
 */
type Child = Node | string | null | undefined | false;
type Listeners = Record<string, (event: Event) => void>;
type Attributes = { on?: Listeners; [name: string]: string | boolean | undefined | Listeners };

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  const { on, ...rest } = attributes;
  for (const [name, value] of Object.entries(rest)) {
    // As React writes them: a true boolean attribute is present and empty, false or undefined is absent.
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  for (const [type, listener] of Object.entries(on ?? {})) element.addEventListener(type, listener);
  for (const child of children) if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}
