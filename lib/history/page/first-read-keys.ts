/**
 * What the popup's first read takes from the vault, apart from the code that reads it, so that
 * the early read (early-read.ts), which runs before the page's other scripts, shares it without
 * bringing the stores and their schemas along.
 */

/** The keys of the vault items read (lib/settings/stored.ts, lib/settings/), as they are stored. */
export const FIRST_READ_KEYS = { theme: 'theme', language: 'language', balance: 'balance', preferences: 'preferences', gateway: 'gateway' } as const;

export const HISTORY_STORE_NAME = 'history';

/** The popup lists people, not lookups: the last 50 lookups (all the small index holds) name about 20 of them. */
export const POPUP_HISTORY_SIZE = 50;

export interface FirstReadRaw {
  items: Partial<Record<keyof typeof FIRST_READ_KEYS, unknown>>;
  /** The newest history records, newest first, as stored. */
  records: unknown[];
}
