import { describe, expect, it, vi } from 'vitest';
import { IDBDatabase } from 'fake-indexeddb';
import { PAGE_TURN_MS, pageOpenedWithin, vault, type VaultChanges } from '@/lib/platform/storage/vault';
import { defineVaultItem } from '@/lib/platform/storage/vault-item';
import { freshVault, markVaultReadyForTests } from '@/test/setup/vault-helpers';

describe('vault: a storage area in the extension’s IndexedDB', () => {
  it('gets, sets, removes, lists and clears like storage.local', async () => {
    await vault.set({ a: 1, b: { nested: ['x'] }, c: null });
    expect(await vault.get(['a', 'b', 'missing'])).toEqual({ a: 1, b: { nested: ['x'] } });
    expect(await vault.get('c')).toEqual({ c: null });
    expect((await vault.getKeys()).sort()).toEqual(['a', 'b', 'c']);
    await vault.remove(['a', 'missing']);
    expect(await vault.get(null)).toEqual({ b: { nested: ['x'] }, c: null });
    await vault.clear();
    expect(await vault.get(null)).toEqual({});
  });

  it('hands out copies: changing a value read does not change what is stored', async () => {
    const value = { list: [1] };
    await vault.set({ k: value });
    value.list.push(2);
    const read = (await vault.get('k')).k as { list: number[] };
    read.list.push(3);
    expect((await vault.get('k')).k).toEqual({ list: [1] });
  });

  it('writes all keys of one set or none', async () => {
    await vault.set({ kept: 1 });
    await expect(vault.set({ kept: 2, broken: () => 0 })).rejects.toThrow();
    expect(await vault.get(null)).toEqual({ kept: 1 });
  });

  it('runs a read-modify-write alone, so concurrent updates lose nothing', async () => {
    await vault.set({ n: 0 });
    await Promise.all(Array.from({ length: 20 }, () => vault.update(['n'], (cur) => ({ n: (cur.n as number) + 1 }))));
    expect((await vault.get('n')).n).toBe(20);
  });

  it('tells this context’s listeners and every other extension context of each change', async () => {
    const other = new BroadcastChannel('dossier-vault');
    const heard: VaultChanges[] = [];
    other.onmessage = (event) => event.data.kind === 'changes' && heard.push(event.data.changes);
    const here = vi.fn();
    vault.onChanged.addListener(here);
    await vault.set({ a: 1 });
    await vault.set({ a: 2 });
    await vault.remove('a');
    expect(here.mock.calls.map(([c]) => c)).toEqual([{ a: { newValue: 1, oldValue: undefined } }, { a: { newValue: 2, oldValue: 1 } }, { a: { oldValue: 2 } }]);
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(heard[1]).toEqual({ a: { newValue: 2, oldValue: 1 } });
    // And what another context writes reaches the listeners here.
    other.postMessage({ kind: 'changes', changes: { b: { newValue: 'from the worker' } } });
    await vi.waitFor(() => expect(here).toHaveBeenLastCalledWith({ b: { newValue: 'from the worker' } }));
    other.close();
  });

  it('makes every read wait until the worker has moved the data of an older release in', async () => {
    await freshVault({ migrated: false });
    let answered = false;
    const read = vault.get(null).then((all) => ((answered = true), all));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    await markVaultReadyForTests();
    expect(await read).toEqual({});
  });
});

describe('vault: a connection closed under it', () => {
  it('opens a new one and goes on, losing nothing', async () => {
    await vault.set({ kept: 1 });
    // As when the browser closes the connection (an upgrade by a newer release, data cleared).
    const closed = Object.assign(new Error('The connection is closing.'), { name: 'InvalidStateError' });
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementationOnce(() => {
      throw closed;
    });
    expect(await vault.get('kept')).toEqual({ kept: 1 });
    await vault.set({ more: 2 });
    expect(await vault.get(['kept', 'more'])).toEqual({ kept: 1, more: 2 });
    spy.mockRestore();
  });
});

describe('vault items: WXT’s defineItem semantics', () => {
  it('falls back, stores with its version, removes, and watches', async () => {
    const item = defineVaultItem<number[]>('numbers', { fallback: [], version: 2 });
    expect(await item.getValue()).toEqual([]);
    const seen = vi.fn();
    const stop = item.watch(seen);
    await item.setValue([1]);
    expect(await vault.get(null)).toEqual({ numbers: [1], numbers$: { v: 2 } });
    await item.removeValue();
    expect(await vault.get(null)).toEqual({});
    expect(seen.mock.calls).toEqual([
      [[1], []],
      [[], [1]],
    ]);
    stop();
    await item.setValue([2]);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('runs the migrations from the stored version on read, once', async () => {
    await vault.set({ person: 'Jane Doe' }); // no metadata: version 1, as WXT reads it
    const step2 = vi.fn((name: string) => ({ name }));
    const item = defineVaultItem<{ name: string; vip?: boolean }>('person', {
      fallback: { name: '' },
      version: 3,
      migrations: { 2: step2, 3: (v: { name: string }) => ({ ...v, vip: false }) },
    });
    expect(await item.getValue()).toEqual({ name: 'Jane Doe', vip: false });
    expect(await item.getValue()).toEqual({ name: 'Jane Doe', vip: false });
    expect(step2).toHaveBeenCalledTimes(1);
    expect(await vault.get('person$')).toEqual({ person$: { v: 3 } });
  });

  it('refuses a value stored by a newer release rather than misreading it', async () => {
    await vault.set({ later: 'x', later$: { v: 9 } });
    await expect(defineVaultItem('later', { fallback: '', version: 1 }).getValue()).rejects.toThrow(/newer release/);
  });
});

describe('the worker’s background work knows when a page opens', () => {
  it('says a page opened within the turn it takes, and not when none has', async () => {
    expect(pageOpenedWithin()).toBe(false);
    const page = new BroadcastChannel('dossier-vault');
    page.postMessage({ kind: 'opening' });
    await vi.waitFor(() => expect(pageOpenedWithin()).toBe(true));
    page.close();
    // Once the page's turn is over, the work goes back to its pace.
    expect(pageOpenedWithin(PAGE_TURN_MS, () => Date.now() + PAGE_TURN_MS)).toBe(false);
  });
});
