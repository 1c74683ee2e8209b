/**
 * Settings' defaults and choices that a page's first paint needs before the settings' schemas are in
 * (gateway.ts and preferences.ts use them too).
 */

/** Where the sandbox listens when started with its defaults (`npm run sandbox`). */
export const DEFAULT_SANDBOX_URL = 'http://127.0.0.1:8787/api/ingress/';

/** The balance reads as low under this many credits, until the user sets their own threshold. */
export const DEFAULT_LOW_BALANCE_THRESHOLD = 50;

/** How the panel shows on the network's pages: a frame in the page, or the side panel only. */
export const PANEL_MODES = ['frame', 'stealth'] as const;
