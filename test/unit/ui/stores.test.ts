// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { applyStatus, startConnectionMirror, useConnection } from '@/components/settings/connection-store';
import { mirrorItem } from '@/components/platform/mirror-store';
import { startPreferencesMirror, usePreferences } from '@/components/settings/preferences-store';
import { startRecentHistoryMirror, useRecentHistory } from '@/components/history/recent-store';
import type { HistoryEntry } from '@/lib/history/entry';
import { migrateHistory } from '@/lib/history/worker/migrate';
import { appendHistory } from '@/lib/history/worker/store';
import { vault } from '@/lib/platform/storage/vault';
import { sendMessage } from '@/lib/contracts/messenger';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { balanceItem, gatewayItem, preferencesItem } from '@/lib/settings/stored';

// The background is not running here: the pages' one call to it is answered by the test.
vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn(async () => undefined) }));

function entry(id: string, at: number): HistoryEntry {
  return { id, op: 'enrichPerson', subject: id, input: {}, identity: null, outcome: 'paid', cost: 2, fromLedger: false, paidAt: null, at, pageUrl: null, error: null };
}

describe('stores mirror storage', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    vi.mocked(sendMessage).mockClear();
    usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: false });
    useConnection.setState({ balance: null, balanceLoaded: false, gateway: null, isSandbox: false, status: null, statusError: null });
    useRecentHistory.setState({ entries: null, error: null, progress: null });
  });

  it('preferences: the stored value first, then every change written by any context', async () => {
    await preferencesItem.setValue({ spending: { lowBalanceThreshold: 75 } });
    const stop = startPreferencesMirror();
    await vi.waitFor(() => expect(usePreferences.getState()).toMatchObject({ loaded: true, prefs: { spending: { lowBalanceThreshold: 75 } } }));

    await preferencesItem.setValue({ privacy: { euMode: true } });
    await vi.waitFor(() => expect(usePreferences.getState().prefs.privacy.euMode).toBe(true));
    // A stored value that no longer parses shows the defaults for that part, never a crash.
    await preferencesItem.setValue({ spending: { dailyCap: 'lots' }, privacy: { euMode: true } });
    await vi.waitFor(() => expect(usePreferences.getState().prefs.spending).toEqual(DEFAULT_PREFERENCES.spending));
    expect(usePreferences.getState().prefs.privacy.euMode).toBe(true);

    stop();
    await preferencesItem.setValue({ privacy: { euMode: false } });
    await new Promise((r) => setTimeout(r, 20));
    expect(usePreferences.getState().prefs.privacy.euMode).toBe(true);
  });

  it('connection: balance and gateway straight from storage, so the popup shows them before any network answer', async () => {
    await balanceItem.setValue({ credits: 42, at: 1_000 });
    const stop = startConnectionMirror();
    await vi.waitFor(() => expect(useConnection.getState()).toMatchObject({ balance: { credits: 42, at: 1_000 }, balanceLoaded: true, isSandbox: true }));
    expect(useConnection.getState().status).toBeNull();

    await balanceItem.setValue({ credits: 40, at: 2_000 });
    await gatewayItem.setValue({ kind: 'custom', url: 'https://gateway.example/api/ingress/' });
    await vi.waitFor(() =>
      expect(useConnection.getState()).toMatchObject({ balance: { credits: 40 }, isSandbox: false, gateway: { kind: 'custom' } }),
    );
    stop();
  });

  it('a change that lands before the first read is not overwritten by that read', async () => {
    let resolveRead!: (value: number) => void;
    let watcher!: (value: number) => void;
    const item = {
      getValue: () => new Promise<number>((resolve) => (resolveRead = resolve)),
      watch: (cb: (value: number) => void) => ((watcher = cb), () => {}),
    };
    const seen: number[] = [];
    mirrorItem(item as never, (value: number) => seen.push(value));
    watcher(2);
    resolveRead(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([2]);
  });

  it('a storage area the context lacks (Firefox’s panel frame has no storage.session) leaves the default and throws nothing', async () => {
    const item = {
      getValue: () => Promise.reject(new Error('"browser.storage.session" is undefined')),
      watch: () => {
        throw new Error('"browser.storage.session" is undefined');
      },
    };
    const seen: number[] = [];
    const stop = mirrorItem(item as never, (value: number) => seen.push(value));
    stop();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([]);
  });

  it('recent history: read from the history store without waking the background, then follows every lookup recorded', async () => {
    await appendHistory(entry('a', 2), 100);
    const stop = startRecentHistoryMirror(2);
    await vi.waitFor(() => expect(useRecentHistory.getState().entries?.map((e) => e.id)).toEqual(['a']));
    await appendHistory(entry('b', 3), 100);
    await appendHistory(entry('c', 4), 100);
    await vi.waitFor(() => expect(useRecentHistory.getState().entries?.map((e) => e.id)).toEqual(['c', 'b']));
    expect(vi.mocked(sendMessage)).not.toHaveBeenCalled();
    stop();
  });

  it('recent history: says the worker is moving an older history in, and how far it is', async () => {
    await vault.set({ historyIndex: { pages: [{ n: 0, size: 1 }], next: 1 }, 'historyPage:0': ['old'], 'historyEntry:old': entry('old', 1) });
    const stop = startRecentHistoryMirror(2);
    await vi.waitFor(() => expect(useRecentHistory.getState()).toMatchObject({ entries: [], progress: { done: 0, total: null } }));
    await migrateHistory();
    await vi.waitFor(() => expect(useRecentHistory.getState()).toMatchObject({ entries: [{ id: 'old' }], progress: null }));
    stop();
  });
});

describe('the key hint', () => {
  it('remembers what the background last said, and gives way to its next answer', async () => {
    const status = { hasKey: true, maskedKey: '••••-key', gateway: { kind: 'sandbox' as const, url: 'http://127.0.0.1:8787/api/ingress/' }, isSandbox: true, balance: null };
    applyStatus(status);
    expect(localStorage.getItem('dossier:hasKey')).toBe('1');
    applyStatus({ ...status, hasKey: false, maskedKey: null });
    expect(useConnection.getState()).toMatchObject({ keyHint: false, status: { hasKey: false } });
    expect(localStorage.getItem('dossier:hasKey')).toBe('0');
  });
});
