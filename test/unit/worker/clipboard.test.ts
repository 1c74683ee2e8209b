import { describe, expect, it, vi } from 'vitest';
import { createClipboardWriter } from '@/lib/clipboard/worker/clipboard';
import { createOffscreenWriter } from '@/lib/clipboard/offscreen/writer';

/** Chromium's offscreen API as the worker sees it: one document at most, as the browser enforces. */
function fakeOffscreen(write: (text: string) => Promise<boolean> = async () => true) {
  let open = false;
  const events: string[] = [];
  return {
    events,
    get open() {
      return open;
    },
    api: {
      exists: vi.fn(async () => open),
      create: vi.fn(async () => {
        await new Promise((r) => setTimeout(r, 5));
        if (open) throw new Error('Only a single offscreen document may be created.');
        open = true;
        events.push('create');
      }),
      close: vi.fn(async () => {
        if (!open) throw new Error('No current offscreen document.');
        open = false;
        events.push('close');
      }),
      write: vi.fn(async (text: string) => {
        events.push(`write ${text}`);
        return write(text);
      }),
    },
  };
}

describe('the worker copies for a page that may not (Chromium: an offscreen document)', () => {
  it('makes the document for the copy, writes, and closes it', async () => {
    const offscreen = fakeOffscreen();
    expect(await createClipboardWriter({ offscreen: offscreen.api })('maya@halcyon.example')).toBe(true);
    expect(offscreen.events).toEqual(['create', 'write maya@halcyon.example', 'close']);
    expect(offscreen.open).toBe(false);
  });

  it('two copies at once: one document at a time, each closed, neither refused', async () => {
    const offscreen = fakeOffscreen();
    const write = createClipboardWriter({ offscreen: offscreen.api });
    expect(await Promise.all([write('a'), write('b')])).toEqual([true, true]);
    expect(offscreen.events).toEqual(['create', 'write a', 'close', 'create', 'write b', 'close']);
  });

  it('a document left open is used, not made twice', async () => {
    const offscreen = fakeOffscreen();
    await offscreen.api.create();
    offscreen.events.length = 0;
    expect(await createClipboardWriter({ offscreen: offscreen.api })('a')).toBe(true);
    expect(offscreen.events).toEqual(['write a', 'close']);
  });

  it('says false when the browser refuses the write, or the document cannot be made, and is ready for the next copy', async () => {
    const refusing = fakeOffscreen(async () => false);
    const write = createClipboardWriter({ offscreen: refusing.api });
    expect(await write('a')).toBe(false);
    expect(refusing.open).toBe(false);

    const broken = fakeOffscreen();
    broken.api.create.mockRejectedValueOnce(new Error('offscreen unavailable'));
    const next = createClipboardWriter({ offscreen: broken.api });
    expect(await next('a')).toBe(false);
    expect(await next('b')).toBe(true);
  });

  it("Firefox: its background page writes itself; with neither, the copy fails and says so", async () => {
    const writeInBackground = vi.fn(() => true);
    expect(await createClipboardWriter({ writeInBackground })('a')).toBe(true);
    expect(writeInBackground).toHaveBeenCalledWith('a');
    expect(await createClipboardWriter({})('a')).toBe(false);
  });
});

describe('the offscreen document answers Dossier only', () => {
  const identity = { extensionId: 'ext-id', extensionOrigin: 'chrome-extension://ext-id/' };
  const worker = { id: 'ext-id', url: 'chrome-extension://ext-id/background.js' };
  const contentScript = { id: 'ext-id', url: 'https://www.linkedin.com/in/someone/', tab: { id: 4 }, frameId: 0 };
  const otherExtension = { id: 'other', url: 'chrome-extension://other/background.js' };

  it("writes for the worker, and never for a content script's message or another extension's", () => {
    const write = vi.fn(() => true);
    const answer = createOffscreenWriter(identity, write);
    expect(answer({ data: 'a', sender: contentScript })).toBe(false);
    expect(answer({ data: 'a', sender: otherExtension })).toBe(false);
    expect(write).not.toHaveBeenCalled();
    expect(answer({ data: 'a', sender: worker })).toBe(true);
    expect(write).toHaveBeenCalledWith('a');
  });
});
