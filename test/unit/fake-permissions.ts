import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Listener = () => void;

/**
 * WXT's fake browser leaves the permissions API unimplemented; this stands in for the browser's
 * side: granted origins (`<all_urls>` covers every host),
 * a prompt the "user" answers, required origins that cannot be removed, and the change events.
 */
export function installPermissions(answer: { grant: boolean }, required: string[] = []) {
  const granted = new Set<string>(required);
  const added = new Set<Listener>();
  const removed = new Set<Listener>();
  const covered = (origin: string) => granted.has(origin) || granted.has('<all_urls>');
  const api = {
    request: vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
      if (!answer.grant) return false;
      origins.forEach((o) => granted.add(o));
      added.forEach((l) => l());
      return true;
    }),
    remove: vi.fn(async ({ origins = [] }: { origins?: string[] }) => {
      if (origins.some((o) => required.includes(o))) throw new Error('You cannot remove required permissions.');
      origins.forEach((o) => granted.delete(o));
      removed.forEach((l) => l());
      return true;
    }),
    contains: vi.fn(async ({ origins = [] }: { origins?: string[] }) => origins.every(covered)),
    onAdded: { addListener: (l: Listener) => added.add(l), removeListener: (l: Listener) => added.delete(l) },
    onRemoved: { addListener: (l: Listener) => removed.add(l), removeListener: (l: Listener) => removed.delete(l) },
  };
  Object.assign(fakeBrowser.permissions, api);
  return { api, granted, listeners: () => added.size + removed.size };
}

