import { vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';
import { contactsPurgeFromItem, contactsPurgeFromSchema } from '@/lib/retention/contacts-from';

/**
 * When the contacts' purge may start (contacts-from.ts). "Delete all" clears it with the contacts:
 * the next purge then finds an empty book and starts at once, as on a new install.
 */
export const RETENTION_ITEMS: readonly StoredItem[] = [
  vaultItem(contactsPurgeFromItem, { name: 'start of the contacts’ retention purge', holds: 'settings', schema: contactsPurgeFromSchema.nullable(), deleteAll: true }),
];
