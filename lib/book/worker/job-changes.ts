import type { Detection } from '@/lib/detect/detection';
import { jobsSeen, observeJob, profileKeyOf, type JobSeen } from '@/lib/book/job-change';
import type { PersonContact } from '@/lib/book/model';

export interface JobChangeDeps {
  /** lib/book/store.ts observePeople. */
  observe(keys: readonly string[], observe: (person: PersonContact, key: string) => PersonContact | null): Promise<unknown>;
  now(): number;
}

/**
 * Job changes noticed for free: each page a content script reports (a profile, a search page's
 * rows) is held against the book's records of the same profiles (lib/book/job-change.ts), and a
 * change is recorded beside their facts. Nothing is asked of the gateway, and nothing goes back to
 * the page: the content script's reply says only where the panel goes.
 */
export function createJobChanges(deps: JobChangeDeps) {
  return {
    /** Never throws: a page's report must not fail because the book could not be read or written. */
    async seen(detection: Detection | null): Promise<void> {
      const byKey = new Map<string, JobSeen>();
      for (const seen of jobsSeen(detection)) {
        const key = profileKeyOf(seen.profileUrl);
        if (key && !byKey.has(key)) byKey.set(key, seen);
      }
      if (!byKey.size) return;
      const at = deps.now();
      try {
        await deps.observe([...byKey.keys()], (person, key) => observeJob(person, byKey.get(key)!, at));
      } catch (err) {
        console.error('contact book: could not record a job change', err);
      }
    },
  };
}

export type JobChanges = ReturnType<typeof createJobChanges>;
