import { z } from 'zod';

/** The longest text a Copy button writes: a value of the card, never a document. */
export const MAX_COPY_LENGTH = 10_000;

/**
 * Copy through the extension itself, for a screen whose own document may not write the
 * clipboard: the in-page panel's frame (the host page's permissions policy decides for it, and
 * its dynamic URL keeps `allow="clipboard-write"` from reaching it). Not a content-script
 * message: the router takes it from Dossier's own pages only, so a web page cannot write the
 * user's clipboard through Dossier.
 */
export const clipboardMessageSchemas = {
  copyText: z.object({ text: z.string().min(1).max(MAX_COPY_LENGTH) }).strict(),
} as const;

export interface ClipboardReplies {
  /** false when the browser refused the write there too. */
  copyText: boolean;
}
