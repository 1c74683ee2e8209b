import { z } from 'zod';
import type { StoredBalance } from '@/lib/balance/contract';
import { DEFAULT_GATEWAY, gatewaySchema, type Gateway } from '@/lib/settings/gateway';
import { migratePageAccess, readPreferences, type Preferences } from '@/lib/settings/preferences';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { DIFFERENCE_CAUSES } from '@/lib/history/difference-causes';

/**
 * The connection, the balance and the preferences, in the vault (vault.ts) like every stored
 * key of the extension (registry.ts lists them all), each versioned so that a later release can
 * migrate it. Storage is untrusted input as well (older versions, manual edits), so readers
 * validate and fall back rather than crash.
 */
export const gatewayItem = defineVaultItem<Gateway>('gateway', {
  fallback: DEFAULT_GATEWAY,
  version: 1,
});

/** Kept apart from the gateway so that code reading the connection never loads the secret. */
export const apiKeyItem = defineVaultItem<string>('apiKey', {
  fallback: '',
  version: 1,
});

export const balanceItem = defineVaultItem<StoredBalance | null>('balance', {
  fallback: null,
  version: 1,
});

const differenceNoticeSchema = z.object({
  historyId: z.string(),
  cause: z.enum(DIFFERENCE_CAUSES),
  credits: z.number().finite().min(0),
  from: z.number().finite(),
  to: z.number().finite(),
});

export const storedBalanceSchema = z.object({
  credits: z.number().finite(),
  at: z.number().finite(),
  // A damaged notice loses only itself, never the balance (the difference is in history).
  difference: differenceNoticeSchema.optional().catch(undefined),
});

/** The last quiet balance reading, for one account (gateway and key), that the next is held against (lib/balance/worker/reconcile.ts). */
export const balanceBaselineSchema = z.object({
  account: z.string(),
  credits: z.number().finite(),
  at: z.number().finite(),
  /** Since then: what the lookups that answered cost, and the most the lost answers may have cost on top. */
  known: z.number().finite().min(0),
  uncertain: z.number().finite().min(0),
  /** How many lookups charged or may have, and the latest of them (id, cost, most it may have cost). */
  lookups: z.number().int().min(0),
  charged: z.array(z.object({ id: z.string(), cost: z.number().finite().min(0), most: z.number().finite().min(0) })).max(100),
});
export type BalanceBaseline = z.infer<typeof balanceBaselineSchema>;

export const balanceBaselineItem = defineVaultItem<BalanceBaseline | null>('balanceBaseline', {
  fallback: null,
  version: 1,
});

export async function readBalanceBaseline(): Promise<BalanceBaseline | null> {
  const parsed = balanceBaselineSchema.safeParse(await balanceBaselineItem.getValue());
  return parsed.success ? parsed.data : null;
}

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

export const preferencesItem = defineVaultItem<unknown>('preferences', {
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
