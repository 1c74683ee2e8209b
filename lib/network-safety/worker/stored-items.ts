import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { vaultItem, type StoredItem } from '@/lib/platform/storage/stored-item';
import { countsOf, profileViewsSchema, readProfileViews } from '@/lib/network-safety/profile-views';

/**
 * The profile-view counter (profile-views.ts): seven days' counts and today's fingerprints. Stored
 * as it was read (unknown): readProfileViews checks it, and anything else starts the count afresh.
 */
export const profileViewsItem = defineVaultItem<unknown>('profileViews', { fallback: null, version: 1 });

/**
 * Personal: what the user did on LinkedIn, hashed. In the vault, cleared by "delete all"; the
 * export carries the days' counts only, never the fingerprints.
 */
export const NETWORK_SAFETY_ITEMS: readonly StoredItem[] = [
  vaultItem(profileViewsItem, {
    name: 'LinkedIn profiles opened',
    holds: 'personal',
    schema: profileViewsSchema.nullable(),
    deleteAll: true,
    exportAs: {
      path: ['networkSafety', 'profilesOpened'],
      read: async () => {
        const views = readProfileViews(await profileViewsItem.getValue());
        return { days: views?.days ?? {}, ...countsOf(views, Date.now()) };
      },
    },
  }),
];
