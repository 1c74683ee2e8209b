import type { SpendRefusal, VisibilityGuard } from '@/lib/panel/page/visibility-guard';

/** A click or key press the user made: page scripts and synthetic events cannot spend. */
export interface UserGesture {
  nativeEvent: { isTrusted: boolean; timeStamp?: number };
}

/**
 * The guard of the screen this script runs in: only the in-page panel has one (its frame sits in a
 * page that may cover it); the side panel, the popup and Dossier's own tabs are the browser's or
 * the extension's and cannot be covered.
 */
let guard: VisibilityGuard | null = null;

export function installSpendGuard(next: VisibilityGuard | null): void {
  guard = next;
}

/**
 * Whether a gesture may spend: `untrusted` (a script's event, silently ignored, as ever), a reason
 * the panel says to the user, or null (go ahead). Every spend of every screen asks here.
 */
export function gestureRefusal(gesture: UserGesture): 'untrusted' | SpendRefusal | null {
  if (!gesture.nativeEvent.isTrusted) return 'untrusted';
  if (!guard) return null;
  // The event's own time: when the user clicked or pressed the key, not when the handler ran.
  return guard.check(gesture.nativeEvent.timeStamp ?? performance.now());
}
