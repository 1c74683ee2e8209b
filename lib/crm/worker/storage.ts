import { z } from 'zod';
import { createSerialQueue } from '@/lib/platform/storage/serial';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { connectionKey, storedConnectionSchema, type StoredConnection } from '@/lib/crm/connection';
import { CRM_TARGETS, type CrmTarget } from '@/lib/crm/types';
import { crmSettingsSchema, type CrmSettings } from '@/lib/crm/contract';

/**
 * CRM tokens and webhook secrets, one connection per target. Only the background reads this
 * item; what other contexts see is a summary without secrets. Version 1.
 */
export const crmConnectionsItem = defineVaultItem<Record<string, unknown>>('crmConnections', { fallback: {}, version: 1 });

/** Preferences of the CRM feature: which targets get every enrichment pushed automatically. Version 1. */
export const crmSettingsItem = defineVaultItem<unknown>('crmSettings', { fallback: { autoPush: [] }, version: 1 });

/**
 * Which CRM record each person became, per target (`<target>|<identity>` → id), so that the
 * next push updates that record rather than matching from scratch. For the webhook the "id"
 * is the idempotency key last delivered. Version 1.
 */
export const crmRecordIdsItem = defineVaultItem<Record<string, unknown>>('crmRecordIds', { fallback: {}, version: 1 });

export const rememberedSchema = z.object({ id: z.string().min(1), url: z.string().nullable(), at: z.number() });
export type Remembered = z.infer<typeof rememberedSchema>;

const serial = createSerialQueue();

export async function readConnections(): Promise<Partial<Record<CrmTarget, StoredConnection>>> {
  const raw = await crmConnectionsItem.getValue();
  const out: Partial<Record<CrmTarget, StoredConnection>> = {};
  for (const target of CRM_TARGETS) {
    const parsed = storedConnectionSchema.safeParse(raw?.[target]);
    if (parsed.success && parsed.data.kind === target) out[target] = parsed.data;
  }
  return out;
}

export function writeConnection(connection: StoredConnection): Promise<void> {
  return serial(async () => crmConnectionsItem.setValue({ ...((await crmConnectionsItem.getValue()) ?? {}), [connection.kind]: connection }));
}

/** Merges what a CRM told us (account id, field key) into the stored connection, if it is still the same one. */
export function learnAbout(target: CrmTarget, key: string, patch: Record<string, unknown>): Promise<void> {
  return serial(async () => {
    const all = (await crmConnectionsItem.getValue()) ?? {};
    const parsed = storedConnectionSchema.safeParse(all[target]);
    if (!parsed.success) return;
    const current = parsed.data;
    if (connectionKey(current) !== key) return;
    const next = storedConnectionSchema.safeParse({ ...current, ...patch });
    if (next.success) await crmConnectionsItem.setValue({ ...all, [target]: next.data });
  });
}

export function removeConnection(target: CrmTarget): Promise<void> {
  return serial(async () => {
    const { [target]: _removed, ...rest } = (await crmConnectionsItem.getValue()) ?? {};
    await crmConnectionsItem.setValue(rest);
  });
}

export async function readCrmSettings(): Promise<CrmSettings> {
  const parsed = crmSettingsSchema.safeParse(await crmSettingsItem.getValue());
  return parsed.success ? parsed.data : { autoPush: [] };
}

export async function writeCrmSettings(settings: CrmSettings): Promise<void> {
  await crmSettingsItem.setValue(settings);
}

const recordKey = (target: CrmTarget, identity: string) => `${target}|${identity}`;

export async function rememberedRecord(target: CrmTarget, identity: string): Promise<Remembered | null> {
  const parsed = rememberedSchema.safeParse((await crmRecordIdsItem.getValue())?.[recordKey(target, identity)]);
  return parsed.success ? parsed.data : null;
}

export function rememberRecord(target: CrmTarget, identity: string, value: Remembered): Promise<void> {
  return serial(async () => crmRecordIdsItem.setValue({ ...((await crmRecordIdsItem.getValue()) ?? {}), [recordKey(target, identity)]: value }));
}

export function forgetRecords(target: CrmTarget): Promise<void> {
  return serial(async () => {
    const all = (await crmRecordIdsItem.getValue()) ?? {};
    await crmRecordIdsItem.setValue(Object.fromEntries(Object.entries(all).filter(([key]) => !key.startsWith(`${target}|`))));
  });
}
