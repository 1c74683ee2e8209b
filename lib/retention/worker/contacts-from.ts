import { contactsCollectedBefore } from '@/lib/book/store';
import { contactsPurgeFromItem, graceEnd, readContactsPurgeFrom } from '@/lib/retention/contacts-from';

/**
 * When the contacts' purge may start (lib/retention/contacts-from.ts): the stored date, or, the
 * first time (or over a damaged value), the grace's end when the book holds contacts and `now`
 * when it is empty, stored so that later purges keep it.
 */
export async function ensureContactsPurgeFrom(now: number): Promise<number> {
  const stored = await readContactsPurgeFrom();
  if (stored !== null) return stored;
  const { count } = await contactsCollectedBefore(Number.POSITIVE_INFINITY);
  const from = count ? graceEnd(now) : now;
  await contactsPurgeFromItem.setValue(from);
  return from;
}
