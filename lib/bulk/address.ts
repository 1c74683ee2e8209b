/**
 * A bulk run's address on the bulk page, `bulk.html#run=<id>`: the contact book opens a new run
 * so, and reloading the tab or going back shows the same run. Written and read only here.
 */
export const bulkRunHash = (runId: string): string => `run=${encodeURIComponent(runId)}`;

/** The run an address names, or null. */
export function runIdOf(hash: string): string | null {
  const match = /^#?run=(.+)$/.exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
