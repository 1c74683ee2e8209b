import { z } from 'zod';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { DAY } from '@/lib/retention/period';

/**
 * When the purge of contacts may start (ms). The retention period's key held the history's
 * period only before contacts were purged by it too: a user who had chosen 30 days for their
 * history would lose every older contact at the next daily purge, unwarned. So the first purge on
 * an install that already holds contacts gives them a grace period (they are shown on the settings
 * page as going then, with "Export first"); an install with no contacts starts at once.
 * Stored by the worker only (lib/retention/worker/purge.ts); absent until its first purge.
 */
export const contactsPurgeFromItem = defineVaultItem<unknown>('retentionContactsFrom', { fallback: null, version: 1 });

export const contactsPurgeFromSchema = z.number().int().nonnegative();

/** How long contacts collected before this release are kept at least, from the first purge. */
export const CONTACTS_GRACE_DAYS = 30;

/** The date set at the first purge when contacts exist (or when the stored one is damaged). */
export const graceEnd = (now: number): number => now + CONTACTS_GRACE_DAYS * DAY;

/** The stored date, or null when absent or damaged (neither is read as "purge now"). */
export async function readContactsPurgeFrom(): Promise<number | null> {
  const parsed = contactsPurgeFromSchema.safeParse(await contactsPurgeFromItem.getValue());
  return parsed.success ? parsed.data : null;
}

/**
 * For the settings page's forecast: the stored date, or, before the worker's first purge (or over
 * a damaged value, which the worker replaces), the grace it would set.
 */
export async function forecastContactsPurgeFrom(now: number): Promise<number> {
  return (await readContactsPurgeFrom()) ?? graceEnd(now);
}
