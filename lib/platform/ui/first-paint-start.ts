/**
 * How a page drawn first without React starts (entrypoints/<page>/main.ts): its first paint from
 * one read given a time limit, then its React page loaded to take that place.
 */

/** The read's answer, or null past `ms` or on failure: the React page then draws it all. */
export const within = <T>(ms: number, work: Promise<T>): Promise<T | null> =>
  Promise.race([work, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]).catch(() => null);

/**
 * Draws the first paint, then loads the React page with what it drew. Automation builds only: a
 * test may hold the React page back (`window.__dossierHoldReact`, test/e2e/first-paint-watch.ts),
 * to use and look at the first paint alone; a release build has no such wait.
 */
export function paintThenLoad<T>(firstPaint: () => Promise<T>, loadPage: (shown: T) => Promise<void>): void {
  const held = __DOSSIER_AUTOMATION__ ? (window as { __dossierHoldReact?: Promise<void> }).__dossierHoldReact : undefined;
  void firstPaint().then(async (shown) => {
    await held;
    await loadPage(shown);
  });
}
