/**
 * Whether a click in the in-page panel may spend credits: only if the panel was visible,
 * uncovered, for a moment before the click. A hostile page can lay an opaque element with
 * `pointer-events: none` over the panel's frame: the user sees the page's button, the click goes
 * through to ours. Chromium's IntersectionObserver v2 (`trackVisibility`) tells the frame when
 * anything covers it, fades it or distorts it; this module keeps what it said and answers for a
 * click's time. Pure: the observer's entries and the times come in from outside
 * (visibility-observer.ts), so tests feed both.
 */

/**
 * How long the panel must have been visible without a break before a click counts. A user who
 * chooses a button has seen it for longer (a decision and a pointer's travel take well over half
 * a second), while a page that removes its cover the moment the pointer reaches the panel (it
 * can tell: the pointer leaves its own elements) leaves the user a few hundred milliseconds at
 * most to see what they are about to click. Chromium's own guard against clicks on a prompt
 * that just appeared uses the same 500 ms.
 */
export const SHOWN_FOR_MS = 500;

/**
 * How often the browser may re-check visibility (IntersectionObserver v2's `delay`, at least 100):
 * a change is reported at most this late.
 */
export const CHECK_EVERY_MS = 100;

/** What an IntersectionObserver entry says, reduced to what the guard needs. */
export interface VisibilityReport {
  isVisible: boolean;
  /** The entry's `time`: the same clock as `performance.now()` and an event's `timeStamp`. */
  time: number;
}

/**
 * Why a spending click did not count. `covered`: something was over the panel (or it was faded or
 * out of view) when clicked; `tooSoon`: it had been uncovered for less than SHOWN_FOR_MS;
 * `unsupported`: this browser cannot tell whether the panel is covered.
 */
export type SpendRefusal = 'covered' | 'tooSoon' | 'unsupported';

export interface VisibilityGuard {
  report(entry: VisibilityReport): void;
  /** null when a click at `time` may spend; else why not. */
  check(time: number): SpendRefusal | null;
  /** Since when the panel has been visible without a break; null while it is not. */
  readonly visibleSince: number | null;
}

/** `supported`: whether the browser reports visibility at all (`'isVisible' in IntersectionObserverEntry.prototype`). */
export function createVisibilityGuard(options: { supported: boolean; shownForMs?: number }): VisibilityGuard {
  const shownFor = options.shownForMs ?? SHOWN_FOR_MS;
  let visibleSince: number | null = null;
  return {
    report(entry) {
      if (!entry.isVisible) visibleSince = null;
      else if (visibleSince === null) visibleSince = entry.time;
    },
    check(time) {
      if (!options.supported) return 'unsupported';
      // Nothing said yet, or the last word was "covered": the panel was not seen.
      if (visibleSince === null) return 'covered';
      // Visible only since after the click (a report that came before the handler ran), or not for long enough.
      if (time - visibleSince < shownFor) return 'tooSoon';
      return null;
    },
    get visibleSince() {
      return visibleSince;
    },
  };
}
