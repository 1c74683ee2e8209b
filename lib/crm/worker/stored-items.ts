import { z } from 'zod';
import { storedConnectionSchema } from '@/lib/crm/connection';
import { crmSettingsSchema } from '@/lib/crm/contract';
import { outboxItemSchema } from '@/lib/crm/outbox/schema';
import { clearOutbox, outboxItem, outboxQuarantineItem } from '@/lib/crm/outbox/store';
import { crmConnectionsItem, crmRecordIdsItem, crmSettingsItem, rememberedSchema } from '@/lib/crm/worker/storage';
import { vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';

/** The CRM connections (their tokens are secrets, never exported), settings, known records and the outbox. */
export const CRM_ITEMS: readonly StoredItem[] = [
  vaultItem(crmConnectionsItem, { name: 'CRM connections', holds: 'secret', schema: z.record(z.string(), storedConnectionSchema), deleteAll: true }),
  vaultItem(crmSettingsItem, { name: 'CRM settings', holds: 'settings', schema: crmSettingsSchema, deleteAll: true }),
  vaultItem(crmRecordIdsItem, { name: 'CRM record ids', holds: 'personal', schema: z.record(z.string(), rememberedSchema), deleteAll: true }),
  vaultItem(outboxItem, { name: 'CRM outbox', holds: 'paid', schema: z.array(outboxItemSchema), deleteAll: true, clear: clearOutbox }),
  vaultItem(outboxQuarantineItem, { name: 'unreadable CRM pushes', holds: 'paid', schema: z.array(z.unknown()), deleteAll: true, clear: clearOutbox }),
];
