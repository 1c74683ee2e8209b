import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { freshVault } from '@/test/setup/vault-helpers';

/**
 * Unit tests get the vault on fake-indexeddb: a fresh, empty database before every test (as
 * tests reset fakeBrowser), already "migrated" so that stores do not wait for a worker. Tests
 * of the migration itself start again from `freshVault({ migrated: false })`.
 */
beforeEach(() => freshVault({ migrated: true }));
