import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import type { StoredBalance } from '../messaging/protocol';
import { DEFAULT_GATEWAY, gatewaySchema, type Gateway } from '../settings/gateway';
import { migratePageAccess, readPreferences, type Preferences } from '../settings/preferences';

/**
 * Every stored key of the extension, each versioned so that a later release can migrate it.
 * Storage is untrusted input as well (older versions, manual edits), so readers validate
 * and fall back rather than crash.
 */
export const gatewayItem = storage.defineItem<Gateway>('local:gateway', {
  fallback: DEFAULT_GATEWAY,
  version: 1,
});

/** Kept apart from the gateway so that code reading the connection never loads the secret. */
export const apiKeyItem = storage.defineItem<string>('local:apiKey', {
  fallback: '',
  version: 1,
});

export const balanceItem = storage.defineItem<StoredBalance | null>('local:balance', {
  fallback: null,
  version: 1,
});

const storedBalanceSchema = z.object({ credits: z.number().finite(), at: z.number().finite() });

export async function readGateway(): Promise<Gateway> {
  const parsed = gatewaySchema.safeParse(await gatewayItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_GATEWAY;
}

export async function readApiKey(): Promise<string> {
  const parsed = z.string().safeParse(await apiKeyItem.getValue());
  return parsed.success ? parsed.data.trim() : '';
}

export async function readBalance(): Promise<StoredBalance | null> {
  const parsed = storedBalanceSchema.safeParse(await balanceItem.getValue());
  return parsed.success ? parsed.data : null;
}

export const preferencesItem = storage.defineItem<unknown>('local:preferences', {
  fallback: {},
  version: 2,
  migrations: {
    // v2: `pageAccess.quietMode` became `pageAccess.panelMode` (see migratePageAccess).
    2: (stored: unknown) =>
      stored && typeof stored === 'object' && 'pageAccess' in stored
        ? { ...stored, pageAccess: migratePageAccess((stored as { pageAccess: unknown }).pageAccess) }
        : stored,
  },
});

export async function loadPreferences(): Promise<Preferences> {
  return readPreferences(await preferencesItem.getValue());
}
