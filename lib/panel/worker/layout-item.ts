import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { DEFAULT_LAYOUT, type PanelLayout } from '@/lib/panel/tab-state';

/** The frame's place and fold, the user's last choice, for every tab. Nothing secret. */
export const panelLayoutItem = defineVaultItem<PanelLayout>('panelLayout', { fallback: DEFAULT_LAYOUT, version: 1 });
