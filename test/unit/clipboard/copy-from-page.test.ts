import { describe, expect, it, vi } from 'vitest';
import { copyShortcut, copyText, documentAllowsClipboardWrite, type CopyPaths } from '@/lib/clipboard/page/copy-from-page';

function paths(over: Partial<CopyPaths> = {}): CopyPaths & { [K in keyof CopyPaths]: ReturnType<typeof vi.fn> } {
  return {
    documentMayWrite: vi.fn(() => true),
    writeInDocument: vi.fn(async () => {}),
    writeThroughExtension: vi.fn(async () => true),
    ...over,
  } as never;
}

describe('one copy path for every screen', () => {
  it("writes with the page's own clipboard where its document may, and asks the extension for nothing", async () => {
    const p = paths();
    expect(await copyText('maya@halcyon.example', p)).toBe('copied');
    expect(p.writeInDocument).toHaveBeenCalledWith('maya@halcyon.example');
    expect(p.writeThroughExtension).not.toHaveBeenCalled();
  });

  it("the in-page frame, whose policy refuses the clipboard: straight to the extension, the page's clipboard never tried", async () => {
    const p = paths({ documentMayWrite: vi.fn(() => false) });
    expect(await copyText('+442079460100', p)).toBe('copied');
    expect(p.writeInDocument).not.toHaveBeenCalled();
    expect(p.writeThroughExtension).toHaveBeenCalledWith('+442079460100');
  });

  it('a write the page refuses (no focus, a policy the browser did not report) goes through the extension', async () => {
    const p = paths({ writeInDocument: vi.fn(async () => Promise.reject(new DOMException('blocked', 'NotAllowedError'))) });
    expect(await copyText('maya@halcyon.example', p)).toBe('copied');
    expect(p.writeThroughExtension).toHaveBeenCalledOnce();
  });

  it('fails when the extension refuses too, or cannot be reached', async () => {
    const refused = paths({ documentMayWrite: vi.fn(() => false), writeThroughExtension: vi.fn(async () => false) });
    expect(await copyText('x', refused)).toBe('failed');
    const unreachable = paths({ documentMayWrite: vi.fn(() => false), writeThroughExtension: vi.fn(async () => Promise.reject(new Error('Could not establish connection'))) });
    expect(await copyText('x', unreachable)).toBe('failed');
  });
});

describe("what a document's policy says", () => {
  it("reads Chromium's permissions policy, and lets the write decide where the browser says nothing", () => {
    expect(documentAllowsClipboardWrite({ featurePolicy: { allowsFeature: (f: string) => f !== 'clipboard-write' } })).toBe(false);
    expect(documentAllowsClipboardWrite({ featurePolicy: { allowsFeature: () => true } })).toBe(true);
    expect(documentAllowsClipboardWrite({})).toBe(true);
    expect(documentAllowsClipboardWrite({ featurePolicy: { allowsFeature: () => { throw new Error('x'); } } })).toBe(true);
  });

  it('names the copy keys of the computer', () => {
    expect(copyShortcut('MacIntel')).toBe('⌘C');
    expect(copyShortcut('Linux x86_64')).toBe('Ctrl+C');
    expect(copyShortcut('Win32')).toBe('Ctrl+C');
  });
});
