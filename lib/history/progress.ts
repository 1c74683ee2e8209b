import { z } from 'zod';
import { ITEMS_STORE, META_STORE, withRecords } from '@/lib/platform/storage/vault';
import { watchRecords } from '@/lib/platform/storage/watch-records';
import { ENTRY_PREFIX, INDEX_KEY, LEGACY_KEY, MIGRATION_KEY, prefixRange } from '@/lib/history/layout';

/**
 * How far the worker has moved an older release's history into the record store (migrate.ts),
 * for the screens: they show "Updating your history: 4,000 of 100,000" and meanwhile list what
 * is already moved. The worker writes the marker with every batch, in that batch's transaction.
 */
export const migrationMarkerSchema = z.object({
  /** Entries of the old layouts, in the order the move takes them (see migrate.ts). */
  total: z.number().int().min(0),
  /** Entries taken so far: the next batch starts here. */
  done: z.number().int().min(0),
  /** Entries handed to the contact book so far (at most `done`). */
  booked: z.number().int().min(0),
});
export type MigrationMarker = z.infer<typeof migrationMarkerSchema>;

export interface MigrationProgress {
  done: number;
  /** Null until the worker has counted what there is to move. */
  total: number | null;
}

/** Null when there is nothing (left) to move. */
export async function readHistoryMigrationProgress(): Promise<MigrationProgress | null> {
  return withRecords(async (db) => {
    const tx = db.transaction([META_STORE, ITEMS_STORE], 'readonly');
    const items = tx.objectStore(ITEMS_STORE);
    const [raw, legacy, index, entry] = await Promise.all([
      tx.objectStore(META_STORE).get(MIGRATION_KEY),
      items.getKey(LEGACY_KEY),
      items.getKey(INDEX_KEY),
      items.getKey(prefixRange(ENTRY_PREFIX)),
    ]);
    const marker = migrationMarkerSchema.safeParse(raw);
    if (marker.success) return marker.data.done < marker.data.total ? { done: marker.data.done, total: marker.data.total } : null;
    // Not started yet (the worker is waking up): there is something to move all the same.
    return legacy !== undefined || index !== undefined || entry !== undefined ? { done: 0, total: null } : null;
  });
}

/** The progress now, then after every batch the worker writes. */
export function watchHistoryMigrationProgress(apply: (progress: MigrationProgress | null) => void): () => void {
  return watchRecords('history', readHistoryMigrationProgress, apply);
}
