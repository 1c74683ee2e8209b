/**
 * Whether the popup's first script (entrypoints/popup-first.ts) drew the popup, handed to the
 * page's module (entrypoints/popup/main.ts), which is built apart. A leaf: the module imports it
 * alone, so that nothing else comes into the page before the first paint.
 */

const FIRST_PAINT = '__dossierPopupFirstPaint';
type Holder = { [FIRST_PAINT]?: Promise<boolean> };

/** Leaves the first paint's outcome on the page. */
export function leaveFirstPaint(shown: Promise<boolean>): void {
  (globalThis as Holder)[FIRST_PAINT] = shown;
}

/** Whether the first script drew the popup (false where it did not run), taken once: React then takes its place, else draws it all. */
export async function takeFirstPaint(): Promise<boolean> {
  const holder = globalThis as Holder;
  const shown = holder[FIRST_PAINT];
  delete holder[FIRST_PAINT];
  return (await shown) ?? false;
}
