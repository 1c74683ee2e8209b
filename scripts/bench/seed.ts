/**
 * Fills the extension's vault with a long history quickly, from inside its service worker: the
 * entries are made there from templates (benchHistoryEntry's eight shapes, with the index, time
 * and person filled in), so that 100,000 of them (~150 MB) never cross the DevTools protocol,
 * and written in transactions of a few thousand. Two forms:
 *   records  the history and ledger record stores, as this release keeps them;
 *   layout2  the keys of the release before (an entry key each, pages of 200 ids, the index, the
 *            recent copy) and its ledger array, as the worker's migration finds them.
 */
import type { Worker } from 'playwright-core';
import { benchHistoryEntry } from '@/scripts/bench/shared';

const PHONE = { e164: '+14155550110', international: '+1 415 555 0110' };

/** Indexes far from any seeded one, one per shape of benchHistoryEntry (i % 7, i % 11, i % 3). */
function templates(now: number): string[] {
  const out: string[] = [];
  for (let shape = 0; shape < 8; shape++) {
    let i = 500_000_000;
    while ((i % 7 === 0 ? 1 : 0) + (i % 11 === 0 ? 2 : 0) + (i % 3 === 0 ? 4 : 0) !== shape) i++;
    const json = JSON.stringify(benchHistoryEntry(i, now));
    // Each person their own mobile number, as people have: benchHistoryEntry gives everyone the
    // same one, which makes every answer about everyone (the contact book merges by phone).
    const phone = json.replaceAll(PHONE.e164, '+1415{{phone}}').replaceAll(PHONE.international, '+1 415 {{phone3}} {{phone4}}');
    out.push(phone.replaceAll(String(100_000 + i), '{{pid}}').replaceAll(String(now - i * 60_000), '{{at}}').replaceAll(String(i), '{{i}}'));
  }
  return out;
}

export interface SeedOptions {
  /** Entries bench-<from> … bench-<from + count - 1>, bench-0 the newest. */
  from?: number;
  count: number;
  now: number;
  /** Ledger answers for the paid entries: all of them (records), or this many of the newest (layout2). */
  ledger?: number;
}

type Form = 'records' | 'layout2';

/** Answers the time the worker spent writing them (ms), a floor for what reads and writes them again. */
export async function seedHistory(worker: Worker, form: Form, options: SeedOptions): Promise<number> {
  return worker.evaluate(
    async ({ form, templates, from, count, now, ledger }) => {
      // tsx names the helpers below with esbuild's __name, which the worker does not have.
      (globalThis as { __name?: unknown }).__name ??= (target: unknown) => target;
      const shapeOf = (i: number) => (i % 7 === 0 ? 1 : 0) + (i % 11 === 0 ? 2 : 0) + (i % 3 === 0 ? 4 : 0);
      const make = (i: number) => {
        const phone = String(2_000_000 + i).padStart(7, '0');
        return JSON.parse(
          templates[shapeOf(i)]!.replaceAll('{{phone}}', phone)
            .replaceAll('{{phone3}}', phone.slice(0, 3))
            .replaceAll('{{phone4}}', phone.slice(3))
            .replaceAll('{{pid}}', String(100_000 + i))
            .replaceAll('{{at}}', String(now - i * 60_000))
            .replaceAll('{{i}}', String(i)),
        );
      };
      const answerOf = (e: { id: string; op: string; identity: string; at: number; cost: number; result: unknown }) => ({
        op: e.op,
        keys: [e.identity],
        paidAt: e.at,
        creditBurn: e.cost,
        result: e.result,
        historyId: e.id,
      });
      let db: IDBDatabase;
      for (let tries = 0; ; tries++) {
        db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open('dossier-vault');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (db.objectStoreNames.contains('history')) break;
        db.close();
        if (tries > 100) throw new Error('The worker has not created the vault.');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const write = (stores: string[], fill: (tx: IDBTransaction) => void) =>
        new Promise<void>((resolve, reject) => {
          const tx = db.transaction(stores, 'readwrite');
          fill(tx);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      const started = performance.now();
      const BATCH = 2_000;
      const ids: string[] = [];
      const answers: unknown[] = [];
      for (let start = from; start < from + count; start += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, from + count - start) }, (_, k) => make(start + k));
        for (const e of batch) {
          ids.push(e.id);
          if (e.cost > 0 && (form === 'records' || answers.length < (ledger ?? 0))) answers.push(answerOf(e));
        }
        await write(form === 'records' ? ['history'] : ['items'], (tx) => {
          for (const e of batch) {
            if (form === 'records') tx.objectStore('history').put(e);
            else tx.objectStore('items').put(e, `historyEntry:${e.id}`);
          }
        });
      }
      if (form === 'records') {
        for (let start = 0; start < answers.length; start += BATCH) {
          await write(['ledger'], (tx) => answers.slice(start, start + BATCH).forEach((a) => tx.objectStore('ledger').put(a)));
        }
        // The history's count is taken again at the next append (see lib/history/layout.ts).
        await write(['meta'], (tx) => tx.objectStore('meta').delete('historyCount'));
      } else {
        await write(['items'], (tx) => {
          const items = tx.objectStore('items');
          const pages: { n: number; size: number }[] = [];
          for (let i = 0; i < ids.length; i += 200) {
            items.put(ids.slice(i, i + 200), `historyPage:${pages.length}`);
            pages.push({ n: pages.length, size: Math.min(200, ids.length - i) });
          }
          items.put({ pages, next: pages.length }, 'historyIndex');
          items.put({ v: 1 }, 'historyIndex$');
          items.put(ids.slice(0, 50).map((_, k) => make(from + k)), 'historyRecent');
          items.put(answers, 'ledger');
          items.put({ v: 1 }, 'ledger$');
        });
      }
      db.close();
      return performance.now() - started;
    },
    { form, templates: templates(options.now), from: options.from ?? 0, count: options.count, now: options.now, ledger: options.ledger ?? 0 },
  );
}
