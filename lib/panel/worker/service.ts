import { browser } from 'wxt/browser';
import type { Detection } from '@/lib/detect/detection';
import type { FoundItem, FramePlacement, PanelLayout, PanelTabState } from '@/lib/panel/tab-state';
import type { PanelMode, Preferences } from '@/lib/settings/preferences';
import type { WebmailParticipants } from '@/lib/webmail/participant';
import { applyPanelMode, panelLayoutItem, panelStateOf, placeFrame, readLayout, readTabState, updateTabState, worthAPanel } from '@/lib/panel/worker/tabs';

export interface PanelService {
  /** A content script's detection on its tab; answers where its frame goes (null: no frame to add). */
  report(tabId: number, detection: Detection | null, documentId?: string): Promise<FramePlacement | null>;
  reportFound(tabId: number, items: FoundItem[], documentId?: string): Promise<void>;
  /**
   * A web mail reader's participants on its tab (null: no message open). Kept only while web mail
   * is on; answers whether the in-page launcher goes beside the sender (the in-page mode).
   */
  reportMail(tabId: number, mail: WebmailParticipants | null, documentId?: string): Promise<boolean>;
  /** The launcher beside a web mail sender was clicked: the tab's in-page panel opens. */
  openMail(tabId: number): Promise<boolean>;
  state(tabId: number): Promise<PanelTabState>;
  /** The frame of this tab was moved, folded or measured. */
  arrange(tabId: number, placement: FramePlacement): Promise<void>;
  close(tabId: number): Promise<void>;
  chooseMode(mode: PanelMode, tabId?: number): Promise<Preferences>;
  /** Settings were saved: frames follow a changed mode at once. */
  preferencesSaved(before: Preferences, after: Preferences): Promise<void>;
}

export function createPanelService(preferences: { read(): Promise<Preferences>; write(prefs: Preferences): Promise<void> }): PanelService {
  async function startAfresh(tabId: number, documentId: string | undefined) {
    if (!documentId) return;
    const previous = await readTabState(tabId);
    if (previous.documentId !== documentId) await updateTabState(tabId, { detection: null, found: [], notice: null, mail: undefined, documentId });
  }

  return {
    async report(tabId, detection, documentId) {
      await startAfresh(tabId, documentId);
      await updateTabState(tabId, { detection });
      if (!worthAPanel(detection)) return null;
      // Not chosen yet (the welcome page asks, and the popup until it is answered): nothing is
      // added to the page, and no tab is opened that would take the focus from it.
      const mode = (await preferences.read()).pageAccess.panelMode;
      return mode === 'frame' ? readLayout() : null;
    },
    async reportFound(tabId, items, documentId) {
      await startAfresh(tabId, documentId);
      await updateTabState(tabId, { found: items });
    },
    async reportMail(tabId, mail, documentId) {
      await startAfresh(tabId, documentId);
      const prefs = await preferences.read();
      // Turned off while the page stayed open: the reader still runs there until it reloads.
      if (!prefs.webmail.enabled) {
        await updateTabState(tabId, { mail: undefined });
        return false;
      }
      await updateTabState(tabId, { mail });
      return mail?.sender != null && prefs.pageAccess.panelMode === 'frame';
    },
    async openMail(tabId) {
      const [prefs, state] = await Promise.all([preferences.read(), readTabState(tabId)]);
      if (!prefs.webmail.enabled || prefs.pageAccess.panelMode !== 'frame' || !state.mail) return false;
      return placeFrame(tabId, await readLayout());
    },
    state: panelStateOf,
    async arrange(tabId, placement) {
      const layout: PanelLayout = { collapsed: placement.collapsed, side: placement.side };
      const saved = await readLayout();
      if (saved.collapsed !== layout.collapsed || saved.side !== layout.side) await panelLayoutItem.setValue(layout);
      await placeFrame(tabId, placement);
    },
    async close(tabId) {
      await placeFrame(tabId, null);
    },
    async chooseMode(mode, tabId) {
      const before = await preferences.read();
      const after = { ...before, pageAccess: { ...before.pageAccess, panelMode: mode } };
      await preferences.write(after);
      await applyPanelMode(mode);
      if (tabId !== undefined) await browser.tabs.update(tabId, { active: true }).catch(() => {});
      return after;
    },
    async preferencesSaved(before, after) {
      if (before.pageAccess.panelMode !== after.pageAccess.panelMode) await applyPanelMode(after.pageAccess.panelMode);
    },
  };
}
