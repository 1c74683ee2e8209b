import { z } from 'zod';
import { layoutSchema } from '@/lib/panel/tab-state';
import { panelLayoutItem } from '@/lib/panel/worker/layout-item';
import { sessionKey, vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';

/** Where the user put the panel, kept across sessions. */
export const PANEL_LAYOUT_ITEMS: readonly StoredItem[] = [vaultItem(panelLayoutItem, { name: 'panel layout', holds: 'layout', schema: layoutSchema, deleteAll: true })];

/**
 * Each tab's detection, found items and right-click notice, for its frame and the side panel.
 * storage.session: gone with the browser session, and readable by trusted contexts only (its
 * default access level, which nothing changes), never by a content script.
 */
export const TAB_STATE_ITEMS: readonly StoredItem[] = [
  sessionKey('tab:', { name: 'per-tab panel state', family: true, holds: 'paid', schema: z.unknown(), deleteAll: true }),
];
