import { z } from 'zod';
import { detectionSchema, foundItemSchema, layoutSchema, type FramePlacement, type PanelTabState } from '@/lib/panel/tab-state';
import type { Preferences } from '@/lib/settings/preferences';

/** What an in-page panel may know about the connection: no key, no address, nothing secret. */
export interface PanelStatus {
  hasKey: boolean;
  isSandbox: boolean;
  credits: number | null;
}

/**
 * The panel's messages: the in-page frame's and the side panel's, and the two reports a
 * page's content scripts make about their own tab (what the detector read, what the scanner found).
 */
export const panelMessageSchemas = {
  panelStatus: z.undefined(),
  /**
   * The in-page panel's frame in Firefox, which may not open the sidebar itself: opens Dossier's
   * toolbar menu, whose Open sidebar button does (lib/worker/toolbar-menu.ts).
   */
  openMenu: z.undefined(),
  /**
   * Content script: what the detector read on its own tab (the tab is the sender's, never a
   * field of the message). Answers where to put the panel's frame, or null for no frame.
   */
  reportDetection: z.object({ detection: detectionSchema.nullable() }).strict(),
  /** Content script (the opt-in scanner): the emails and phones found on its own tab. */
  reportFound: z.object({ items: z.array(foundItemSchema).max(500) }).strict(),
  /**
   * The panel frame (its own tab, from the sender) or the side panel and popup (`tabId`, an
   * extension page naming the tab it shows): that tab's detection, found items, notice, layout.
   */
  panelState: z.object({ tabId: z.number().int().nonnegative().optional() }).strict(),
  /** The panel frame: the user moved or folded it; `height` is what its content measures. */
  setPanelLayout: layoutSchema.extend({ height: z.number().int().min(0).max(20_000).optional() }).strict(),
  /** The panel frame: the user closed it (button or Escape). */
  closePanel: z.undefined(),
  /** The first-run question or the settings: in-page frame or stealth (side panel only). */
  choosePanelMode: z.object({ mode: z.enum(['frame', 'stealth']), tabId: z.number().int().nonnegative().optional() }).strict(),
} as const;

export interface PanelReplies {
  panelStatus: PanelStatus;
  /** false: the browser would not open it (the user opens it from the toolbar button). */
  openMenu: boolean;
  reportDetection: { frame: FramePlacement | null };
  reportFound: true;
  panelState: PanelTabState;
  setPanelLayout: true;
  closePanel: true;
  choosePanelMode: Preferences;
}
