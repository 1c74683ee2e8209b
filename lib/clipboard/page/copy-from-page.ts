/**
 * Runs in Dossier's pages (popup, side panel, panel frame, history, contact book): the one copy
 * path every Copy button takes. The page's own clipboard first, where its document may use it;
 * the extension's otherwise (lib/clipboard/worker/clipboard.ts), which no web page's policy reaches.
 */
export interface CopyPaths {
  /**
   * Whether this document may write the clipboard at all. Chromium says so through its
   * permissions policy: false in the in-page frame, whose policy is the host page's. Browsers
   * that do not say answer true and the write itself decides.
   */
  documentMayWrite(): boolean;
  writeInDocument(text: string): Promise<void>;
  /** Resolves false, or rejects, when the extension could not write it either. */
  writeThroughExtension(text: string): Promise<boolean>;
}

export type CopyOutcome = 'copied' | 'failed';

export async function copyText(text: string, paths: CopyPaths): Promise<CopyOutcome> {
  if (paths.documentMayWrite()) {
    try {
      await paths.writeInDocument(text);
      return 'copied';
    } catch {
      // Refused here (no focus, no user activation, a policy not reported): the extension may.
    }
  }
  try {
    return (await paths.writeThroughExtension(text)) ? 'copied' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Chromium's answer for this document; true where the browser has no such API (Firefox). */
export function documentAllowsClipboardWrite(doc: object): boolean {
  const policy = (doc as { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
  try {
    return policy?.allowsFeature('clipboard-write') ?? true;
  } catch {
    return true;
  }
}

/** The keys that copy a selection on this computer, as the user reads them. */
export function copyShortcut(platform: string): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘C' : 'Ctrl+C';
}
