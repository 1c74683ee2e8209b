import { z } from 'zod';
import { parseNetworkProfileUrl } from '@/lib/identity/network-profile';
import { createSerialQueue } from '@/lib/platform/storage/serial';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { BULK_COLLECT_MAX, collectedPersonSchema, type CollectedPerson } from '@/lib/bulk/contract';

/**
 * The collecting list: people gathered on search and company-people pages ("select all on this
 * page", then the next page adds to the same list) until the user makes a run of them. One vault
 * item (personal data: never in storage.local), written by the worker only, one write at a time.
 */
export const bulkCollectionItem = defineVaultItem<unknown>('bulkCollection', { fallback: [], version: 1 });

export const collectionSchema = z.array(z.unknown()).transform((list) =>
  list.flatMap((raw) => {
    const parsed = collectedPersonSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  }),
);

const serial = createSerialQueue();

export async function readCollection(): Promise<CollectedPerson[]> {
  const parsed = collectionSchema.safeParse(await bulkCollectionItem.getValue());
  return parsed.success ? parsed.data : [];
}

/** The person's canonical profile URL, the list's key; null for anything but a person's profile. */
function canonical(url: string): string | null {
  const ref = parseNetworkProfileUrl(url);
  return ref?.kind === 'person' ? ref.canonicalUrl : null;
}

/**
 * Adds people not in the list yet (by canonical profile URL), up to BULK_COLLECT_MAX; answers
 * the list's size and how many were added.
 */
export function addToCollection(people: readonly CollectedPerson[]): Promise<{ count: number; added: number }> {
  return serial(async () => {
    const list = await readCollection();
    const known = new Set(list.map((p) => canonical(p.profileUrl) ?? p.profileUrl));
    let added = 0;
    for (const person of people) {
      const url = canonical(person.profileUrl);
      if (!url || known.has(url) || list.length >= BULK_COLLECT_MAX) continue;
      known.add(url);
      list.push({ ...person, profileUrl: url });
      added++;
    }
    if (added) await bulkCollectionItem.setValue(list);
    return { count: list.length, added };
  });
}

export function clearCollection(): Promise<void> {
  return serial(() => bulkCollectionItem.removeValue());
}
