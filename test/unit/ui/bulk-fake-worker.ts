import { vi } from 'vitest';
import type { CollectedPerson } from '@/lib/bulk/contract';
import { bulkRunSchema, runCountsSchema, type BulkOperation, type BulkQuote, type BulkRow, type BulkRun, type ColumnMapping } from '@/lib/bulk/model';
import { personOf, requestFor } from '@/lib/bulk/person';
import { deleteRun, getRun, putRows, putRun, readRows } from '@/lib/bulk/store';
import { PRICES } from '@/lib/lookup/worker/operations';
import { sendMessage } from '@/lib/contracts/messenger';
import type { MessageData, MessageName } from '@/lib/contracts/protocol';

/**
 * A stand-in for the worker's bulk handlers, for the page's tests: it writes runs and rows to the
 * (fake) vault as the worker does, so the page reads them back through lib/bulk/store.ts and
 * its record-change events. Prices are the real ones; the "ledger" is a set of profile URLs.
 */
export interface FakeWorker {
  calls: { name: string; data: unknown }[];
  /** Profile URLs answered free, as the ledger would. */
  ledger: Set<string>;
  capLeft: number | null;
  /** What the next quotes say of the history's limit and of the CRM's unanswered checks. */
  historyOverflow: number;
  crmUnknown: number;
  collection: CollectedPerson[];
  crm: { label: string; target: 'hubspot' }[];
  /** Writes a run as the worker would while it runs (counts, state, pause reason). */
  update(runId: string, patch: Partial<BulkRun>): Promise<BulkRun>;
  /** Writes rows' tasks as the runner would. */
  updateRows(rows: BulkRow[]): Promise<void>;
  named(name: string): unknown[];
}

let ids = 0;

async function readAll(runId: string): Promise<BulkRow[]> {
  return readRows(runId, 0, 100_000);
}

export function installFakeWorker(): FakeWorker {
  const worker: FakeWorker = {
    calls: [],
    ledger: new Set(),
    capLeft: null,
    historyOverflow: 0,
    crmUnknown: 0,
    collection: [],
    crm: [{ label: 'HubSpot', target: 'hubspot' }],
    async update(runId, patch) {
      const run = bulkRunSchema.parse({ ...(await getRun(runId))!, ...patch, updatedAt: Date.now() });
      await putRun(run);
      return run;
    },
    async updateRows(rows) {
      await putRows(rows);
    },
    named: (name) => worker.calls.filter((c) => c.name === name).map((c) => c.data),
  };

  async function writeRows(run: BulkRun, cells: string[][], mapping: ColumnMapping): Promise<number> {
    const rows: BulkRow[] = cells.map((row, index) => {
      const { person, problem } = personOf(row, mapping);
      return { runId: run.id, index, cells: row, person, problem, tasks: [], inCrm: null, contactId: null, columns: {} };
    });
    await putRows(rows);
    return rows.filter((r) => r.problem).length;
  }

  function quoteOf(rows: BulkRow[], operations: BulkOperation[], skipInCrm: boolean): BulkQuote {
    const byOperation = operations.map((op) => {
      let toPay = 0;
      let fromLedger = 0;
      for (const row of rows) {
        if (!row.person || !requestFor(op, row.person).ok) continue;
        if (row.person.profileUrl && worker.ledger.has(row.person.profileUrl)) fromLedger += 1;
        else toPay += 1;
      }
      return { op, toPay, price: PRICES[op], fromLedger };
    });
    return {
      id: `quote-${++ids}`,
      at: Date.now(),
      operations,
      skipInCrm,
      total: byOperation.reduce((sum, line) => sum + line.toPay * line.price, 0),
      toPay: byOperation.reduce((sum, line) => sum + line.toPay, 0),
      fromLedger: byOperation.reduce((sum, line) => sum + line.fromLedger, 0),
      inCrm: 0,
      crmUnknown: skipInCrm ? worker.crmUnknown : 0,
      unusable: rows.filter((r) => r.problem).length,
      byOperation,
      capLeft: worker.capLeft,
      historyOverflow: worker.historyOverflow,
    };
  }

  /** Each fake takes what its message carries, as the protocol's schemas declare it. */
  const handlers: { [N in MessageName]?: (data: MessageData<N>) => Promise<unknown> } = {
    async bulkCreate({ name, source, headers, rows, mapping }) {
      const run = bulkRunSchema.parse({ id: `run-${++ids}`, name, source, createdAt: Date.now(), headers, mapping, rowCount: rows.length, state: 'draft', preparing: true, updatedAt: Date.now() });
      run.unusableRows = await writeRows(run, rows, mapping);
      await putRun(run);
      return run;
    },
    async bulkRemap({ runId, mapping }) {
      const run = (await getRun(runId))!;
      const rows = await readAll(runId);
      const unusableRows = await writeRows(run, rows.map((r) => r.cells), mapping);
      return worker.update(runId, { mapping, unusableRows, state: 'draft', quote: null });
    },
    async bulkQuote({ runId, operations, skipInCrm }) {
      const quote = quoteOf(await readAll(runId), operations, skipInCrm);
      await worker.update(runId, { state: 'quoted', quote });
      return quote;
    },
    async bulkStart({ runId, quoteId }) {
      const run = (await getRun(runId))!;
      if (run.quote?.id !== quoteId) throw Object.assign(new Error('stale quote'), { kind: 'stale_quote' });
      const total = run.rowCount * run.quote!.operations.length;
      return worker.update(runId, { state: 'running', confirmedAt: Date.now(), startedAt: Date.now(), counts: runCountsSchema.parse({ total }) });
    },
    bulkPause: ({ runId }) => worker.update(runId, { state: 'paused' }),
    bulkResume: ({ runId }) => worker.update(runId, { state: 'running', pauseReason: null }),
    bulkCancel: ({ runId }) => worker.update(runId, { state: 'cancelled' }),
    bulkRetry: ({ runId }) => worker.update(runId, { state: 'running' }),
    async bulkDelete({ runId }) {
      await deleteRun(runId);
      return { deleted: true };
    },
    bulkCrmPlan: async () => ({ create: 3, update: 1, skip: 2, unknown: 0, duplicates: 0 }),
    bulkCrmPush: async () => ({ queued: 4, skipped: 2 }),
    async bulkCollect({ people }) {
      const before = worker.collection.length;
      for (const p of people as CollectedPerson[]) if (!worker.collection.some((c) => c.profileUrl === p.profileUrl)) worker.collection.push(p);
      return { count: worker.collection.length, added: worker.collection.length - before };
    },
    bulkCollection: async () => ({ people: [...worker.collection] }),
    async bulkClearCollection() {
      worker.collection = [];
      return { count: 0 };
    },
    async bulkFromContacts({ ids: contactIds }) {
      return handlers.bulkCreate!({ name: 'Contacts', source: 'contacts', headers: ['Profile URL'], rows: contactIds.map((id: string) => [id]), mapping: ['profileUrl'] });
    },
    crmStatus: async () => ({ connected: worker.crm }),
    getPreferences: async () => null,
    openBulk: async () => true,
    bulkWake: async () => true,
  };

  vi.mocked(sendMessage).mockImplementation((async (name: string, data: unknown) => {
    worker.calls.push({ name, data });
    const handler = handlers[name as MessageName] as ((data: unknown) => Promise<unknown>) | undefined;
    if (!handler) return { ok: false, error: { kind: 'unused', message: `not faked: ${name}` } };
    try {
      return { ok: true, value: await handler(data) };
    } catch (err) {
      return { ok: false, error: { kind: (err as { kind?: string }).kind ?? 'internal', message: (err as Error).message } };
    }
  }) as never);
  return worker;
}
