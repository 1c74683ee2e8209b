import { IDBIndex, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_BATCH } from '@/lib/history/worker/move-pacer';
import { startRecordMigration } from '@/lib/history/worker/record-migration';
import { answersFromHistory } from '@/lib/book/from-history';
import type { Contact } from '@/lib/book/model';
import { clearContacts, countContacts, findContact, readAllContacts, recordAnswers } from '@/lib/book/store';
import type { HistoryEntry } from '@/lib/history/entry';
import { migrateHistory, NOTICE_GAP_MS, type BatchBook } from '@/lib/history/worker/migrate';
import { readHistoryMigrationProgress } from '@/lib/history/progress';
import { countHistory } from '@/lib/history/read';
import { appendHistory, clearHistory, readHistory, readRecentHistory } from '@/lib/history/worker/store';
import { findInLedger, readLedger, type LedgerEntry } from '@/lib/lookup/worker/ledger';
import { moveLedgerArray } from '@/lib/lookup/worker/ledger-move';
import { onRecordsChanged, vault, type RecordChange } from '@/lib/platform/storage/vault';

/** Shaped as a real enrichment, so that the contact book can take it. */
function entry(id: string, at: number): HistoryEntry {
  return {
    id,
    op: 'enrichPerson',
    subject: `https://www.linkedin.com/in/${id}/`,
    input: { profileUrl: `https://www.linkedin.com/in/${id}/` },
    identity: `person:${id}`,
    outcome: 'paid',
    cost: 2,
    fromLedger: false,
    paidAt: null,
    at,
    pageUrl: null,
    error: null,
    result: { person: { fullName: `Person ${id}`, networkUrl: `https://www.linkedin.com/in/${id}/`, urls: [], emails: [], phones: [], extra: {} }, extra: {} },
  };
}

/** Newest first, as both old layouts stored them. */
const entries = (n: number, prefix = 'h') => Array.from({ length: n }, (_, i) => entry(`${prefix}${i}`, 1_000_000 - i));

/** What layout 2 left in the vault: a key per entry, pages of ids newest first, the index, the recent copy. */
function layout2(list: readonly HistoryEntry[], pageSize = 200): Record<string, unknown> {
  const keys: Record<string, unknown> = {};
  const pages: { n: number; size: number }[] = [];
  for (let i = 0; i < list.length; i += pageSize) {
    const ids = list.slice(i, i + pageSize).map((e) => e.id);
    keys[`historyPage:${pages.length}`] = ids;
    pages.push({ n: pages.length, size: ids.length });
  }
  for (const e of list) keys[`historyEntry:${e.id}`] = e;
  return { ...keys, historyIndex: { pages, next: pages.length }, historyIndex$: { v: 1 }, historyRecent: list.slice(0, 50) };
}

/** A book that takes every batch after its transaction (its `apart`), as a worker whose part in the transaction is unavailable. */
const bookApart = (apart: (entries: HistoryEntry[]) => Promise<void>): BatchBook => ({ stores: [], prepare: async () => null, apart: async (entries) => apart([...entries]) });

const ledgerEntry = (historyId: string, key: string): LedgerEntry => ({ op: 'enrichPerson', keys: [key], paidAt: 500, creditBurn: 2, result: { extra: { n: historyId } }, historyId });

const oldKeys = async () => Object.keys(await vault.get(null)).filter((k) => k !== 'historyQuarantine');
const ids = async () => (await readHistory()).map((e) => e.id);
const quarantine = async () => (await vault.get('historyQuarantine')).historyQuarantine;

describe('moving the history of older releases into the record store', () => {
  it('layout 1: moves every entry, sets aside unreadable ones and a second entry under a taken id, deletes the array', async () => {
    await vault.set({ history: [...entries(3), { id: 5, nonsense: true }, entry('h1', 1)], history$: { v: 1 } });
    const report = await migrateHistory({ batchSize: 2 });
    expect(report).toEqual({ total: 5, moved: 3, quarantined: 2, finished: true });
    expect(await ids()).toEqual(['h0', 'h1', 'h2']);
    expect(await quarantine()).toEqual([{ id: 5, nonsense: true }, entry('h1', 1)]);
    expect(await oldKeys()).toEqual([]);
    expect(await countHistory()).toBe(3);
  });

  it('layout 2: moves the entries the index lists, sets aside unreadable ones, deletes every old key', async () => {
    const list = entries(450);
    await vault.set({
      ...layout2(list),
      'historyEntry:h7': { id: 'h7', broken: true },
      'historyEntry:h8': entry('other', 1),
      // Not listed: deleted by the user, left behind by a worker that stopped before removing it.
      'historyEntry:gone': entry('gone', 2),
    });
    await migrateHistory({ batchSize: 100 });
    expect(await ids()).toEqual(list.map((e) => e.id).filter((id) => id !== 'h7' && id !== 'h8'));
    expect(await quarantine()).toEqual([{ id: 'h7', broken: true }, entry('other', 1)]);
    expect(await oldKeys()).toEqual([]);
  });

  it('layout 2 with an unreadable index: moves every entry key, as layout 2 itself rebuilt it', async () => {
    await vault.set({ ...layout2(entries(5)), historyIndex: { pages: 'garbage' } });
    await migrateHistory();
    expect((await ids()).sort()).toEqual(['h0', 'h1', 'h2', 'h3', 'h4']);
  });

  it('both layouts at once (an older release put back): the array’s entry wins over layout 2’s of the same id', async () => {
    await vault.set({ ...layout2([entry('a', 1), entry('b', 2)]), history: [{ ...entry('a', 3), cost: 0 }, entry('c', 4)] });
    await migrateHistory();
    expect(await ids()).toEqual(['c', 'a', 'b']);
    expect((await readHistory())[1]).toMatchObject({ id: 'a', cost: 0 });
  });

  it('survives a crash after any batch: resumes from its marker, every entry once, the quarantine once, the old keys kept until the end', async () => {
    const list = entries(1_000);
    await vault.set({ ...layout2(list), 'historyEntry:h500': { broken: true } });
    for (const crashAt of [200, 600]) {
      const run = migrateHistory({
        batchSize: 200,
        checkpoint: (done) => {
          if (done === crashAt) throw new Error('worker stopped');
        },
      });
      await expect(run).rejects.toThrow('worker stopped');
      expect(await readHistoryMigrationProgress()).toEqual({ done: crashAt, total: 1_000 });
      expect((await oldKeys()).length).toBeGreaterThan(1_000);
      expect(await countHistory()).toBe(crashAt - (crashAt > 500 ? 1 : 0));
    }
    const report = await migrateHistory({ batchSize: 200 });
    expect(report).toMatchObject({ total: 1_000, moved: 400, finished: true });
    const moved = await ids();
    expect(moved).toEqual(list.map((e) => e.id).filter((id) => id !== 'h500'));
    expect(await quarantine()).toEqual([{ broken: true }]);
    expect(await countHistory()).toBe(999);
    expect(await oldKeys()).toEqual([]);
    expect(await readHistoryMigrationProgress()).toBeNull();
  });

  it('batches sized anew each time (by time, record-migration.ts): a crash and a resume at other sizes move every entry once', async () => {
    const list = entries(500);
    await vault.set(layout2(list));
    const sizes = [7, 120, 1, 33];
    let turn = 0;
    const run = migrateHistory({
      batchSize: () => sizes[turn++ % sizes.length]!,
      checkpoint: (done) => {
        if (done === 161) throw new Error('worker stopped');
      },
    });
    await expect(run).rejects.toThrow('worker stopped');
    expect(await readHistoryMigrationProgress()).toEqual({ done: 161, total: 500 });
    const booked: string[] = [];
    const report = await migrateHistory({ batchSize: () => 1 + (turn++ % 90), book: bookApart(async (batch) => void booked.push(...batch.map((e) => e.id))) });
    expect(report).toMatchObject({ total: 500, moved: 339, finished: true });
    expect(await ids()).toEqual(list.map((e) => e.id));
    // The batch the crash stopped before its contacts is given again, then every later one once.
    expect(booked).toEqual(list.slice(128).map((e) => e.id));
  });

  it('a batch is all or nothing: a crash inside its transaction leaves no record and no progress of it', async () => {
    await vault.set(layout2(entries(30)));
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'history' && ++puts === 15) throw new Error('worker stopped');
      return put.apply(this, args);
    });
    await expect(migrateHistory({ batchSize: 10 })).rejects.toThrow('worker stopped');
    vi.restoreAllMocks();
    expect(await ids()).toEqual(entries(10).map((e) => e.id));
    expect(await readHistoryMigrationProgress()).toEqual({ done: 10, total: 30 });
    await migrateHistory({ batchSize: 10 });
    expect(await ids()).toEqual(entries(30).map((e) => e.id));
  });

  it('tells the screens its first batch at once, then at most once a second, and everything it wrote by the end', async () => {
    const list = entries(60);
    await vault.set(layout2(list));
    let clock = 5_000;
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const told: string[][] = [];
    const listener = (change: RecordChange) => void (change.store === 'history' && change.ids.length && told.push([...change.ids]));
    onRecordsChanged.addListener(listener);
    const notices: number[] = [];
    await migrateHistory({
      batchSize: 10,
      checkpoint: (done) => {
        notices.push(told.length);
        // A second passes during the fourth batch.
        if (done === 30) clock += NOTICE_GAP_MS;
      },
    });
    onRecordsChanged.removeListener(listener);
    vi.restoreAllMocks();
    // Batch 1 told at once, 2 and 3 held, 4 told with them (a second on), 5 and 6 held until the end.
    expect(notices).toEqual([1, 1, 1, 2, 2, 2]);
    expect(told.map((ids) => ids.length)).toEqual([10, 30, 20]);
    expect(told.flat().sort()).toEqual(list.map((e) => e.id).sort());
  });

  it('while it runs, readers list what is in and the progress; a clear stops it for good', async () => {
    await vault.set(layout2(entries(50)));
    expect(await readHistoryMigrationProgress()).toEqual({ done: 0, total: null });
    let resume!: () => void;
    const run = migrateHistory({ batchSize: 20, pause: () => new Promise<void>((r) => (resume = r)) });
    await vi.waitFor(() => expect(resume).toBeDefined());
    expect((await readRecentHistory(3)).map((e) => e.id)).toEqual(['h0', 'h1', 'h2']);
    expect(await readHistoryMigrationProgress()).toEqual({ done: 20, total: 50 });
    await clearHistory();
    resume();
    expect(await run).toMatchObject({ finished: false });
    expect(await readHistory()).toEqual([]);
    expect(await oldKeys()).toEqual([]);
    expect(await readHistoryMigrationProgress()).toBeNull();
  });

  it('keeps what the worker recorded meanwhile, except a lost answer the old history had settled', async () => {
    await vault.set(layout2([entry('settled', 1), entry('older', 2)]));
    await appendHistory({ ...entry('settled', 10), outcome: 'unknown', cost: 0 }, 100);
    await appendHistory({ ...entry('older', 11), outcome: 'miss', cost: 0 }, 100);
    await appendHistory(entry('new', 12), 100);
    await migrateHistory();
    expect(await readHistory()).toMatchObject([{ id: 'new' }, { id: 'older', outcome: 'miss' }, { id: 'settled', outcome: 'paid', at: 1 }]);
    expect(await countHistory()).toBe(3);
  });

  it('hands every batch to the contact book, again after a crash between the two, so it starts with everyone', async () => {
    await vault.set(layout2(entries(30)));
    const booked: string[] = [];
    await expect(
      migrateHistory({
        batchSize: 10,
        book: bookApart(async (batch) => void booked.push(...batch.map((e) => e.id))),
        checkpoint: (done) => {
          if (done === 20) throw new Error('worker stopped');
        },
      }),
    ).rejects.toThrow('worker stopped');
    await migrateHistory({ batchSize: 10, book: bookApart(async (batch) => void booked.push(...batch.map((e) => e.id))) });
    // Batch 2 was in the store but not yet booked when the worker stopped: the next run books it first.
    expect(booked).toEqual(entries(30).map((e) => e.id));
  });

  it('deletes the old entry keys at the end in steps, a pause between; a crash between two steps, or before the last, resumes and books the last batch', async () => {
    const list = entries(100);
    const entryKeysLeft = async () => (await oldKeys()).filter((k) => k.startsWith('historyEntry:')).length;
    // Four steps of 30, 30, 30 and 10 keys, then the last transaction (the rest of the prefixes and the marker).
    for (const [crashAt, left] of [
      [3, [100, 70, 40]],
      [5, [100, 70, 40, 10, 0]],
    ] as const) {
      await clearHistory();
      await vault.set(layout2(list));
      const booked: string[] = [];
      const book = async (batch: HistoryEntry[]) => void booked.push(...batch.map((e) => e.id));
      const seen: number[] = [];
      const del = IDBObjectStore.prototype.delete;
      let ranges = 0;
      vi.spyOn(IDBObjectStore.prototype, 'delete').mockImplementation(function (this: IDBObjectStore, key) {
        if (this.name === 'items' && key instanceof IDBKeyRange && String(key.lower).startsWith('historyEntry:') && ++ranges === crashAt) throw new Error('worker stopped');
        return del.call(this, key);
      });
      const pause = async () => void seen.push(await entryKeysLeft());
      await expect(migrateHistory({ batchSize: 50, cleanStep: 30, book: bookApart(book), pause })).rejects.toThrow('worker stopped');
      vi.restoreAllMocks();
      // A pause after the first batch, then one after each step.
      expect(seen).toEqual(left);
      expect(await migrateHistory({ batchSize: 50, cleanStep: 30, book: bookApart(book) })).toMatchObject({ total: 100, finished: true });
      expect(await oldKeys()).toEqual([]);
      // The last batch's contacts are given again after the crash (merging is idempotent).
      expect(booked).toEqual([...list, ...list.slice(50)].map((e) => e.id));
      expect(await ids()).toEqual(list.map((e) => e.id));
    }
  });

  it('writes its batches without waiting for the disk, and waits for it (a strict transaction) before deleting any old key', async () => {
    await vault.set(layout2(entries(100)));
    const events: string[] = [];
    const transaction = IDBDatabase.prototype.transaction;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args) {
      const tx = transaction.apply(this, args);
      const names = [...tx.objectStoreNames];
      if (tx.mode === 'readwrite') events.push(`${names.includes('history') ? 'batch' : names.join('+')} ${tx.durability}`);
      return tx;
    });
    const del = IDBObjectStore.prototype.delete;
    vi.spyOn(IDBObjectStore.prototype, 'delete').mockImplementation(function (this: IDBObjectStore, key) {
      if (this.name === 'items') events.push('delete old');
      return del.call(this, key);
    });
    await migrateHistory({ batchSize: 50, cleanStep: 60 });
    vi.restoreAllMocks();
    const firstDelete = events.indexOf('delete old');
    const batches = events.filter((e) => e.startsWith('batch'));
    expect(batches).toEqual(['batch relaxed', 'batch relaxed']);
    expect(events.lastIndexOf('batch relaxed')).toBeLessThan(firstDelete);
    // The flush: after the last batch, before the first delete.
    expect(events.slice(events.lastIndexOf('batch relaxed'), firstDelete)).toContain('meta strict');
    expect(await ids()).toEqual(entries(100).map((e) => e.id));
    expect(await oldKeys()).toEqual([]);
  });

  it('looks for an old entry among the records only when the history may hold its id', async () => {
    await vault.set(layout2(entries(300)));
    // Recorded since the update: its id is looked for, and its record kept.
    await appendHistory({ ...entry('h3', 10), outcome: 'miss', cost: 0 }, 1_000);
    const getKey = IDBObjectStore.prototype.getKey;
    const looked: string[] = [];
    vi.spyOn(IDBObjectStore.prototype, 'getKey').mockImplementation(function (this: IDBObjectStore, key) {
      if (this.name === 'history') looked.push(String(key));
      return getKey.call(this, key);
    });
    await migrateHistory({ batchSize: 50 });
    vi.restoreAllMocks();
    expect(looked).toEqual(['h3']);
    expect(await countHistory()).toBe(300);
    expect((await readHistory()).find((e) => e.id === 'h3')).toMatchObject({ outcome: 'miss' });
  });

  it('keeps what the worker records while it runs, in batches still to come', async () => {
    await vault.set(layout2([entry('a', 5), entry('settled', 4), entry('older', 3), entry('b', 2)]));
    let turn = 0;
    const pause = async () => {
      if (turn++) return;
      // Between the first and the second batch: a lookup settled by the new code, and a lost answer.
      await appendHistory({ ...entry('older', 11), outcome: 'miss', cost: 0 }, 100);
      await appendHistory({ ...entry('settled', 10), outcome: 'unknown', cost: 0 }, 100);
    };
    await migrateHistory({ batchSize: 1, pause });
    expect(await readHistory()).toMatchObject([{ id: 'older', outcome: 'miss' }, { id: 'a' }, { id: 'settled', outcome: 'paid', at: 4 }, { id: 'b' }]);
    expect(await countHistory()).toBe(4);
  });
});

describe('the worker’s move: the ledger first, then the history', () => {
  it('moves the ledger array in one transaction, sets aside what does not parse, and deletes it', async () => {
    await vault.set({ ledger: [ledgerEntry('l1', 'person:a'), { garbage: true }, ledgerEntry('l1', 'person:b')], ledger$: { v: 1 } });
    expect(await moveLedgerArray()).toEqual({ moved: 1, quarantined: 2 });
    expect(await readLedger()).toEqual([ledgerEntry('l1', 'person:a')]);
    expect(await quarantine()).toEqual([{ ledger: { garbage: true } }, { ledger: ledgerEntry('l1', 'person:b') }]);
    expect(await oldKeys()).toEqual([]);
    expect(await moveLedgerArray()).toBeNull();
  });

  it('leaves the ledger array whole when its transaction fails', async () => {
    await vault.set({ ledger: [ledgerEntry('l1', 'person:a'), ledgerEntry('l2', 'person:b')] });
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (this.name === 'ledger' && args[0] && (args[0] as LedgerEntry).historyId === 'l2') throw new Error('worker stopped');
      return put.apply(this, args);
    });
    await expect(moveLedgerArray()).rejects.toThrow('worker stopped');
    vi.restoreAllMocks();
    expect(await readLedger()).toEqual([]);
    expect((await vault.get('ledger')).ledger).toHaveLength(2);
  });

  it('answers a repeat from the ledger while the history is still moving: never paid twice', async () => {
    await vault.set({ ...layout2(entries(600)), ledger: [ledgerEntry('h599', 'person:h599')] });
    let wake!: () => void;
    const asleep = new Promise<void>((resolve) => (wake = resolve));
    // The worker's pause between batches waits here, after the first batch.
    const { history } = startRecordMigration(() => asleep);
    // Asked at once, before the ledger's move has run: the check waits for it, then finds the answer.
    expect(await findInLedger('enrichPerson', ['person:h599'], { windowFor: () => 1e12 }, 1_000)).toMatchObject({ historyId: 'h599' });
    await vi.waitFor(async () => expect(await readHistoryMigrationProgress()).toEqual({ done: FIRST_BATCH, total: 600 }));
    expect(await findInLedger('enrichPerson', ['person:h599'], { windowFor: () => 1e12 }, 1_000)).toMatchObject({ historyId: 'h599' });
    wake();
    expect(await history).toMatchObject({ total: 600, finished: true });
  });

  it('a worker stopped while the contact book takes a batch: the next start gives that batch again, and the book ends as one-by-one merging makes it', async () => {
    const list = entries(60);
    await vault.set(layout2(list));
    const book = async (batch: HistoryEntry[]) => void (await recordAnswers(answersFromHistory(batch)));
    let batches = 0;
    // The first worker stops in the middle of the second batch's contacts (half of them in): its run never ends.
    void migrateHistory({
      batchSize: 20,
      book: bookApart(async (batch) => {
        if (++batches < 2) return book(batch);
        await book(batch.slice(0, 10));
        await new Promise(() => {});
      }),
    });
    await vi.waitFor(async () => expect(await readHistoryMigrationProgress()).toEqual({ done: 40, total: 60 }));
    expect(await countContacts()).toBe(30);
    expect(await migrateHistory({ batchSize: 20, book: bookApart(book) })).toMatchObject({ total: 60, finished: true });
    expect(await ids()).toEqual(list.map((e) => e.id));
    const moved = await readAllContacts();
    expect(moved).toHaveLength(60);
    await clearContacts();
    for (const answer of answersFromHistory(list)) await recordAnswers([answer]);
    const byId = (all: Contact[]) => [...all].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(moved)).toEqual(byId(await readAllContacts()));
  });

  it('writes each batch’s history records, its contacts and its progress in one transaction', async () => {
    const list = entries(600);
    await vault.set(layout2(list));
    const writes: string[][] = [];
    const transaction = IDBDatabase.prototype.transaction;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (this: IDBDatabase, ...args) {
      const tx = transaction.apply(this, args);
      const names = [...tx.objectStoreNames];
      if (tx.mode === 'readwrite' && (names.includes('history') || names.includes('contacts'))) writes.push(names);
      return tx;
    });
    expect(await startRecordMigration().history).toMatchObject({ total: 600, finished: true });
    vi.restoreAllMocks();
    expect(writes.length).toBeGreaterThan(1);
    for (const names of writes) expect(names).toEqual(expect.arrayContaining(['history', 'contacts', 'meta', 'items']));
    expect(await ids()).toEqual(list.map((e) => e.id));
    expect(await countContacts()).toBe(600);
  });

  it('a batch whose contacts fail is rolled back whole, moved again without them, and its contacts given to the book apart', async () => {
    const list = entries(30);
    await vault.set(layout2(list));
    const failed = vi.spyOn(console, 'error').mockImplementation(() => {});
    let batches = 0;
    const apart: string[] = [];
    const report = await migrateHistory({
      batchSize: 10,
      book: {
        stores: ['contacts'],
        prepare: async () => ({
          async write(tx, entries) {
            await tx.objectStore('contacts').put({ id: `tried-${entries[0]!.id}`, keys: [], words: [], tags: [] });
            if (++batches === 2) throw new Error('cannot be stored');
            return () => {};
          },
        }),
        apart: async (entries) => void apart.push(...entries.map((e) => e.id)),
      },
    });
    failed.mockRestore();
    expect(report).toMatchObject({ total: 30, moved: 30, finished: true });
    expect(await ids()).toEqual(list.map((e) => e.id));
    expect(apart).toEqual(list.slice(10, 20).map((e) => e.id));
    expect(await countContacts()).toBe(2);
  });

  it('gives the book a lookup recorded during the move as the history keeps it, not the old entry it replaced', async () => {
    await vault.set(layout2(entries(30)));
    // Looked up again since the update, and found nobody this time: kept (a miss is newer than a paid answer).
    await appendHistory({ ...entry('h3', 2_000_000), outcome: 'miss', cost: 0 }, 1_000);
    await startRecordMigration().history;
    expect((await readHistory()).find((e) => e.id === 'h3')).toMatchObject({ outcome: 'miss' });
    expect(await findContact(['person:h3'])).toBeNull();
    expect(await countContacts()).toBe(29);
  });

  it('the worker’s book takes apart, at the next start, the batches a stopped worker moved without their contacts', async () => {
    const list = entries(30);
    await vault.set(layout2(list));
    // Moved with no book, then stopped after the second batch was in and before its contacts (a run
    // with no book counts its earlier batches as taken: only the last one is owed).
    const run = migrateHistory({
      batchSize: 10,
      checkpoint: (done) => {
        if (done === 20) throw new Error('worker stopped');
      },
    });
    await expect(run).rejects.toThrow('worker stopped');
    expect(await countContacts()).toBe(0);
    expect(await startRecordMigration().history).toMatchObject({ total: 30, finished: true });
    expect(await countContacts()).toBe(20);
    expect(await findContact(['person:h10'])).toMatchObject({ kind: 'person' });
    expect(await findContact(['person:h29'])).toMatchObject({ kind: 'person' });
    expect(await ids()).toEqual(list.map((e) => e.id));
  });

  it('builds the contact book from the old history', async () => {
    await vault.set({ ...layout2(entries(25)), ledger: [ledgerEntry('h3', 'person:h3')] });
    await startRecordMigration().history;
    expect(await countContacts()).toBe(25);
    expect(await findContact(['person:h3'])).toMatchObject({ kind: 'person' });
    expect(await ids()).toHaveLength(25);
    expect(await readLedger()).toHaveLength(1);
  });

  it('builds the book reading only the keys of people it already held; once the move is over, merges read every key again', async () => {
    await vault.set(layout2(entries(25)));
    // Looked up again since the update: already in the book.
    await recordAnswers(answersFromHistory([entry('h3', 2_000_000)]));
    const getAll = vi.spyOn(IDBIndex.prototype, 'getAll');
    await startRecordMigration().history;
    const read = getAll.mock.calls.map(([key]) => String(key));
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter((key) => !key.endsWith(':h3'))).toEqual([]);
    expect(await countContacts()).toBe(25);
    getAll.mockClear();
    await recordAnswers(answersFromHistory([entry('h40', 3_000_000)]));
    expect(getAll).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
