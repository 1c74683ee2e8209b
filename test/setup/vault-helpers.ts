import { IDBFactory } from 'fake-indexeddb';
import { copyIntoVault, resetVaultConnection } from '@/lib/platform/storage/vault';

/** Writes the "migrated" marker, as the worker does after moving an older release's data. */
export async function markVaultReadyForTests(): Promise<void> {
  await copyIntoVault(() => ({ copy: {}, moved: {} }), [], 0);
}

/** An empty vault; `migrated: false` leaves out the marker, as after an update from 0.1. */
export async function freshVault({ migrated }: { migrated: boolean }): Promise<void> {
  resetVaultConnection();
  globalThis.indexedDB = new IDBFactory();
  if (migrated) await markVaultReadyForTests();
}
