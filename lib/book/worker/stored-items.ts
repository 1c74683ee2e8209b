import { contactSchema } from '@/lib/book/model';
import { clearContacts, readAllContacts } from '@/lib/book/store';
import { recordStore, type StoredItem } from '@/lib/platform/storage/stored-item';

/** The contact book: one merged person or company per record (lib/book/store.ts). */
export const BOOK_ITEMS: readonly StoredItem[] = [
  recordStore('contacts', { name: 'contact book', holds: 'paid', schema: contactSchema, deleteAll: true, clear: clearContacts, exportAs: { path: ['contacts'], read: readAllContacts } }),
];
