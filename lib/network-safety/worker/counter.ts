import type { Detection } from '@/lib/detect/detection';
import { createSerialQueue } from '@/lib/platform/storage/serial';
import { countsOf, openedProfileKey, readProfileViews, todaysSalt, withOpened, type ProfileViewCounts } from '@/lib/network-safety/profile-views';
import type { Preferences } from '@/lib/settings/preferences';

export interface ProfileViewCounter {
  /**
   * A content script's detection on its tab (the sender's URL, as the browser gave it): a LinkedIn
   * profile not yet opened today is counted. Never throws: a report's other work must go on.
   */
  reported(detection: Detection | null, senderUrl: string | undefined): Promise<void>;
  /** Today's and the last seven days' counts, as of now. */
  counts(): Promise<ProfileViewCounts>;
}

export interface CounterDeps {
  item: { getValue(): Promise<unknown>; setValue(value: unknown): Promise<void> };
  preferences: { read(): Promise<Preferences> };
  now(): number;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A profile's fingerprint: enough to know it was seen today, not enough to list whom (salted, cut to 128 bits). */
async function fingerprint(salt: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}|${key}`));
  return hex(new Uint8Array(digest).slice(0, 16));
}

const newSalt = () => hex(crypto.getRandomValues(new Uint8Array(16)));

/**
 * The worker's counter. Every count is read from and written to the vault at once: the worker
 * stops after 30 s idle, and a profile opened after a restart must count on top of the earlier ones.
 * One queue for the read-modify-write, since reports of several tabs arrive together.
 */
export function createProfileViewCounter(deps: CounterDeps): ProfileViewCounter {
  const serial = createSerialQueue();
  return {
    async reported(detection, senderUrl) {
      try {
        const key = openedProfileKey(detection, senderUrl);
        if (key === null || !(await deps.preferences.read()).networkSafety.enabled) return;
        await serial(async () => {
          const now = deps.now();
          const views = readProfileViews(await deps.item.getValue());
          const salt = todaysSalt(views, now, newSalt());
          const next = withOpened(views, now, salt, await fingerprint(salt, key));
          if (next) await deps.item.setValue(next);
        });
      } catch (err) {
        console.error('network safety: a profile could not be counted', err);
      }
    },
    async counts() {
      return countsOf(readProfileViews(await deps.item.getValue()), deps.now());
    },
  };
}
