/**
 * The system clipboard, read back as a person would paste it, from an ordinary page of the
 * browser under test (Playwright's or puppeteer's: both pages fit). Each check first writes a
 * marker, so a value left by an earlier copy cannot pass for a new one.
 */
export interface ReaderPage {
  bringToFront(): Promise<void>;
  evaluate(fn: (marker: string) => Promise<string | void>, marker: string): Promise<unknown>;
}

export const NOTHING_COPIED_YET = '(nothing copied yet)';

export function clipboardReadFrom(reader: ReaderPage) {
  return {
    async clear(): Promise<void> {
      await reader.bringToFront();
      await reader.evaluate((marker) => navigator.clipboard.writeText(marker), NOTHING_COPIED_YET);
    },
    async read(): Promise<string> {
      await reader.bringToFront();
      return String(await reader.evaluate(() => navigator.clipboard.readText(), NOTHING_COPIED_YET));
    },
  };
}

export type ClipboardReader = ReturnType<typeof clipboardReadFrom>;
