/**
 * Where this page reads the contact book. Extension pages open the vault themselves; the
 * panel's frame sits inside a web page, where Chrome gives a third-party frame no IndexedDB
 * of its own (denied, or partitioned and empty), so it asks the worker instead.
 */
export function readsThroughWorker(): boolean {
  return typeof window !== 'undefined' && window.top !== window;
}
