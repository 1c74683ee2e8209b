import type { ClipboardReplies } from '@/lib/clipboard/contract';
import type { Handlers } from '@/lib/contracts/handlers';

/**
 * Runs in the worker: writes the clipboard for a Dossier page that may not (the in-page frame).
 * A service worker has no document, so Chromium's way is an offscreen document made for the
 * clipboard (created for the copy, closed after it); Firefox's background is a page and writes
 * from its own document.
 */
export interface ClipboardDeps {
  /** Chromium's offscreen documents; absent in Firefox. */
  offscreen?: {
    exists(): Promise<boolean>;
    create(): Promise<void>;
    close(): Promise<void>;
    write(text: string): Promise<boolean>;
  };
  /** Firefox's background page writes itself. */
  writeInBackground?: (text: string) => boolean;
}

export function createClipboardWriter(deps: ClipboardDeps): (text: string) => Promise<boolean> {
  // One copy at a time: a browser allows one offscreen document, and a second copy must neither
  // create it twice nor close it under the first.
  let queue: Promise<unknown> = Promise.resolve();

  async function throughOffscreen(offscreen: NonNullable<ClipboardDeps['offscreen']>, text: string): Promise<boolean> {
    if (!(await offscreen.exists())) await offscreen.create();
    try {
      return await offscreen.write(text);
    } finally {
      await offscreen.close().catch(() => {});
    }
  }

  async function write(text: string): Promise<boolean> {
    try {
      if (deps.offscreen) return await throughOffscreen(deps.offscreen, text);
      return deps.writeInBackground?.(text) ?? false;
    } catch {
      return false;
    }
  }

  return (text) => {
    const done = queue.then(() => write(text));
    queue = done;
    return done;
  };
}

export function createClipboardHandlers(write: (text: string) => Promise<boolean>): Pick<Handlers, keyof ClipboardReplies> {
  return {
    copyText: async ({ text }) => ({ ok: true, value: await write(text) }),
  };
}
