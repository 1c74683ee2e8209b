/**
 * The network is a single-page app: after a navigation the URL changes first and the new
 * profile renders a moment later. Rather than watch the whole document, detect again on a
 * short schedule after each navigation and stop; each pass is cheap (a few targeted queries).
 */
export const REDETECT_DELAYS_MS = [0, 250, 800, 2000, 4000];

export function scheduleDetections(
  run: () => void,
  setTimer: (cb: () => void, ms: number) => number,
  clearTimer: (id: number) => void,
): () => void {
  const timers = REDETECT_DELAYS_MS.map((ms) => setTimer(run, ms));
  return () => timers.forEach(clearTimer);
}

/** Two detections show the same thing: no need to wake the panel. */
export function sameDetection(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
