import { historyEntryHash } from '@/lib/history/address';
import { extensionPageUrl } from '@/lib/platform/extension-pages';

/** The history page, opened at one entry when `id` is given (the popup's recent list, a balance note). */
export function historyUrl(id?: string): string {
  return extensionPageUrl('history', id ? historyEntryHash(id) : undefined);
}
