import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import type { Detection } from '@/lib/detect/detection';
import { contentMessenger } from '@/lib/contracts/content-protocol';
import type { TabNotice } from '@/lib/panel/tab-state';
import {
  DEFAULT_LAYOUT,
  EMPTY_TAB_STATE,
  layoutSchema,
  tabStateKey,
  type FoundItem,
  type FramePlacement,
  type PanelLayout,
  type PanelTabState,
  type TabState,
} from '@/lib/panel/tab-state';
import type { PanelMode } from '@/lib/settings/preferences';
import { panelLayoutItem } from '@/lib/panel/worker/layout-item';
import { createSerialQueue } from '@/lib/platform/storage/serial';

export { panelLayoutItem };

export async function readLayout(): Promise<PanelLayout> {
  const parsed = layoutSchema.safeParse(await panelLayoutItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_LAYOUT;
}

const serial = createSerialQueue();

export async function readTabState(tabId: number): Promise<TabState> {
  return (await storage.getItem<TabState>(tabStateKey(tabId))) ?? EMPTY_TAB_STATE;
}

/** Read-modify-write of one tab's state, in one queue so that two reports never lose one another. */
export function updateTabState(tabId: number, change: Partial<TabState>): Promise<TabState> {
  return serial(async () => {
    const next = { ...(await readTabState(tabId)), ...change };
    await storage.setItem(tabStateKey(tabId), next);
    return next;
  });
}

export async function forgetTab(tabId: number): Promise<void> {
  await serial(() => storage.removeItem(tabStateKey(tabId)));
}

/** Tabs whose state the worker holds, for a mode switch that must reach every open frame. */
async function knownTabs(): Promise<number[]> {
  const all = await browser.storage.session.get(null);
  return Object.keys(all).flatMap((key) => (/^tab:(\d+)$/.test(key) ? [Number(key.slice(4))] : []));
}

/** Whether a detection is something the panel can act on (a profile, a company, results…). */
export const worthAPanel = (detection: Detection | null): boolean => detection !== null && detection.kind !== 'other';

export async function panelStateOf(tabId: number): Promise<PanelTabState> {
  const [state, layout] = await Promise.all([readTabState(tabId), readLayout()]);
  return { ...state, tabId, layout };
}

/** Tells a tab's top frame (the only frame Dossier's content scripts run in) where its panel goes. */
export async function placeFrame(tabId: number, placement: FramePlacement | null): Promise<boolean> {
  try {
    return Boolean(await contentMessenger.sendMessage('placeFrame', placement, { tabId, frameId: 0 }));
  } catch {
    // No content script of ours in that tab (a browser page, an ordinary site): no frame.
    return false;
  }
}

/** After a mode change: frames appear in every tab that has something to show, or all go. */
export async function applyPanelMode(mode: PanelMode | null): Promise<void> {
  const layout = await readLayout();
  for (const tabId of await knownTabs()) {
    const { detection } = await readTabState(tabId);
    await placeFrame(tabId, mode === 'frame' && worthAPanel(detection) ? layout : null);
  }
}

export type { FoundItem, TabNotice };
