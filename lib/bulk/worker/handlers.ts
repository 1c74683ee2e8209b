import { emptyCounts, unknownRetryPrice } from '@/lib/bulk/counts';
import type { BulkReplies, CollectedPerson } from '@/lib/bulk/contract';
import { ABANDONED_PREPARING_MS, isPastRun, type BulkOperation, type BulkPerson, type BulkRow, type BulkRun, type BulkSource, type ColumnMapping } from '@/lib/bulk/model';
import { checkStart, quoteRun, type QuoteDeps, type QuoteRequest } from '@/lib/bulk/worker/quote';
import type { BulkRunner } from '@/lib/bulk/worker/runner';
import type { Contact } from '@/lib/book/model';
import { t, tn } from '@/lib/platform/i18n';
import type { Outcome } from '@/lib/contracts/protocol';
import { planBulkPush, pushBulkMatched, type BulkCrmDeps } from '@/lib/bulk/worker/crm-push';
import { CrmRefusal } from '@/lib/crm/worker/presence-check';
import type { Handlers } from '@/lib/contracts/handlers';

type BulkHandlerName = keyof BulkReplies;

export interface BulkHandlerDeps {
  store: {
    getRun(id: string): Promise<BulkRun | null>;
    listRuns(): Promise<BulkRun[]>;
    putRun(run: BulkRun): Promise<void>;
    putRows(rows: readonly BulkRow[]): Promise<void>;
    readRows(runId: string, from: number, limit: number): Promise<BulkRow[]>;
    deleteRun(id: string): Promise<void>;
  };
  runner: Pick<BulkRunner, 'start' | 'pause' | 'resume' | 'cancel' | 'retry' | 'whenIdle'>;
  /** Everything the quote reads but the store (lib/bulk/worker/quote.ts). */
  quote: Omit<QuoteDeps, 'store' | 'now' | 'newId'>;
  /** bulk-input's personOf through this mapping, with the user's default phone region. */
  personReader(mapping: ColumnMapping): Promise<(cells: string[]) => { person: BulkPerson | null; problem: string | null }>;
  /** bulk-input's tableFromContacts: the contacts as a table with its mapping. */
  tableFromContacts(contacts: Contact[]): { headers: string[]; rows: string[][]; mapping: ColumnMapping };
  contacts(ids: readonly string[]): Promise<Contact[]>;
  crm: BulkCrmDeps['crm'];
  collection: {
    add(people: readonly CollectedPerson[]): Promise<{ count: number; added: number }>;
    read(): Promise<CollectedPerson[]>;
    clear(): Promise<void>;
  };
  /** Each operation's price with the settings in force (lib/lookup/prices.ts), read when asked. */
  prices(): Promise<(op: BulkOperation) => number>;
  now(): number;
  newId(): string;
}

const ROWS_PAGE = 500;
const CONTACTS_CHUNK = 1_000;

const refuse = (kind: string, message: string) => ({ ok: false as const, error: { kind, message } });
const ok = <T>(value: T) => ({ ok: true as const, value });

/** A CRM refusal the user can act on travels as data, as in crm-handlers.ts. */
async function answer<T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CrmRefusal) return refuse(error.kind, error.message);
    throw error;
  }
}

/**
 * Bulk enrichment's messages, in the worker: runs are made, priced and changed here, and the
 * runner (lib/bulk/worker/runner.ts) sends their tasks. Pages read runs and rows themselves.
 */
export function createBulkHandlers(deps: BulkHandlerDeps): Pick<Handlers, BulkHandlerName> {
  async function eachPage(runId: string, use: (rows: BulkRow[]) => Promise<void> | void): Promise<void> {
    for (let from = 0; ; ) {
      const page = await deps.store.readRows(runId, from, ROWS_PAGE);
      await use(page);
      if (page.length < ROWS_PAGE) return;
      from = page[page.length - 1]!.index + 1;
    }
  }

  /** Reads each row through the mapping: the people a run will look up, and why a row cannot be used. */
  async function readRows(runId: string, rows: readonly string[][], mapping: ColumnMapping, from = 0): Promise<{ rows: BulkRow[]; unusable: number }> {
    const read = await deps.personReader(mapping);
    let unusable = 0;
    const out = rows.map((cells, i): BulkRow => {
      const { person, problem } = read(cells);
      if (!person) unusable++;
      return { runId, index: from + i, cells, person, problem, tasks: [], inCrm: null, contactId: null, columns: {} };
    });
    return { rows: out, unusable };
  }

  async function create(table: { name: string; source: BulkSource; headers: string[]; rows: string[][]; mapping: ColumnMapping }): Promise<BulkRun> {
    const now = deps.now();
    const id = deps.newId();
    const { rows, unusable } = await readRows(id, table.rows, table.mapping);
    const run: BulkRun = {
      id,
      name: table.name,
      source: table.source,
      createdAt: now,
      headers: table.headers,
      mapping: table.mapping,
      rowCount: rows.length,
      unusableRows: unusable,
      state: 'draft',
      // Stored so that the worker can read, price and start it; a past run only once started.
      preparing: true,
      quote: null,
      confirmedAt: null,
      startedAt: null,
      finishedAt: null,
      pauseReason: null,
      counts: emptyCounts(0),
      rate: null,
      updatedAt: now,
    };
    // Rows first: a page that sees the run finds its rows.
    await deps.store.putRows(rows);
    await deps.store.putRun(run);
    await forgetAbandoned(now);
    return run;
  }

  /** Lists chosen long ago and never started (their tab closed): nothing was spent, nothing to keep. */
  async function forgetAbandoned(now: number): Promise<void> {
    for (const run of await deps.store.listRuns()) {
      if (!isPastRun(run) && run.createdAt < now - ABANDONED_PREPARING_MS) await deps.store.deleteRun(run.id);
    }
  }

  async function changeable(runId: string): Promise<Outcome<BulkRun>> {
    const run = await deps.store.getRun(runId);
    if (!run) return refuse('not_found', t('bulk.run.notFound'));
    if (run.state !== 'draft' && run.state !== 'quoted') return refuse('invalid_state', t('bulk.run.notDraft'));
    return ok(run);
  }

  const quoteDeps = (): QuoteDeps => ({ ...deps.quote, store: deps.store, now: deps.now, newId: deps.newId });

  return {
    bulkCreate: async (table) => ok(await create(table)),

    bulkFromContacts: async ({ ids }) => {
      const contacts: Contact[] = [];
      for (let i = 0; i < ids.length; i += CONTACTS_CHUNK) contacts.push(...(await deps.contacts(ids.slice(i, i + CONTACTS_CHUNK))));
      // A company contact stays a row (it says it is a company and is not sent), so the run keeps the selection whole.
      if (!contacts.length) return refuse('not_found', t('bulk.run.noContacts'));
      const table = deps.tableFromContacts(contacts);
      return ok(await create({ ...table, name: tn('bulk.run.contactsName', contacts.length), source: 'contacts' }));
    },

    bulkRemap: async ({ runId, mapping }) => {
      const found = await changeable(runId);
      if (!found.ok) return found;
      let unusable = 0;
      await eachPage(runId, async (page) => {
        const read = await readRows(runId, page.map((row) => row.cells), mapping, 0);
        const rows = read.rows.map((row, i) => ({ ...row, index: page[i]!.index }));
        unusable += read.unusable;
        await deps.store.putRows(rows);
      });
      const run: BulkRun = { ...found.value, mapping, unusableRows: unusable, state: 'draft', quote: null, counts: emptyCounts(0), updatedAt: deps.now() };
      await deps.store.putRun(run);
      return ok(run);
    },

    bulkQuote: async ({ runId, operations, skipInCrm }) => {
      const found = await changeable(runId);
      if (!found.ok) return found;
      const request: QuoteRequest = { operations, skipInCrm };
      return ok((await quoteRun(quoteDeps(), found.value, request)).quote);
    },

    bulkStart: async ({ runId, quoteId }) => {
      const run = await deps.store.getRun(runId);
      if (!run) return refuse('not_found', t('bulk.run.notFound'));
      const now = deps.now();
      const check = checkStart(run, quoteId, now, await deps.quote.capLeft(now));
      if (!check.ok) return refuse(check.kind, check.message);
      // The user confirmed this total: it stands for every lookup of the run.
      return ok(await deps.runner.start(run));
    },

    bulkPause: async ({ runId }) => {
      const run = await deps.runner.pause(runId);
      if (!run) return refuse('not_found', t('bulk.run.notFound'));
      return run.state === 'paused' ? ok(run) : refuse('invalid_state', t('bulk.run.notRunning'));
    },

    bulkResume: async ({ runId }) => {
      const run = await deps.runner.resume(runId);
      if (!run) return refuse('not_found', t('bulk.run.notFound'));
      return run.state === 'running' ? ok(run) : refuse('invalid_state', t('bulk.run.notPaused'));
    },

    bulkCancel: async ({ runId }) => {
      const run = await deps.runner.cancel(runId);
      if (!run) return refuse('not_found', t('bulk.run.notFound'));
      return run.state === 'cancelled' ? ok(run) : refuse('invalid_state', t('bulk.run.notActive'));
    },

    bulkRetry: async ({ runId, which, price }) => {
      const run = await deps.store.getRun(runId);
      if (!run) return refuse('not_found', t('bulk.run.notFound'));
      if (run.state === 'draft' || run.state === 'quoted') return refuse('invalid_state', t('bulk.run.notStarted'));
      if (which === 'unknown') {
        // These may already have been charged: they go again only at the price the user saw.
        let due = 0;
        let unknown = 0;
        const priceOf = await deps.prices();
        await eachPage(runId, (page) => {
          due += unknownRetryPrice(page, priceOf);
          unknown += page.reduce((n, row) => n + row.tasks.filter((task) => task.state === 'unknown').length, 0);
        });
        if (!unknown) return refuse('nothing_to_retry', t('bulk.run.nothingToRetry'));
        if (price !== due) return refuse('needs_confirmation', t('bulk.run.retryPrice', { price: due }));
      } else if (!run.counts.failed) {
        return refuse('nothing_to_retry', t('bulk.run.nothingToRetry'));
      }
      const retried = await deps.runner.retry(runId, which);
      if (!retried) return refuse('not_found', t('bulk.run.notFound'));
      if (!retried.requeued) return refuse('nothing_to_retry', t('bulk.run.nothingToRetry'));
      return ok(retried.run);
    },

    bulkDelete: async ({ runId }) => {
      const run = await deps.store.getRun(runId);
      if (run?.state === 'running') return refuse('invalid_state', t('bulk.run.stillRunning'));
      // A paused or cancelled run's last tasks in flight finish first, or they would write it back.
      await deps.runner.whenIdle(runId);
      await deps.store.deleteRun(runId);
      return ok({ deleted: true as const });
    },

    bulkCrmPlan: ({ runId, target }) =>
      answer(async () => {
        if (!(await deps.store.getRun(runId))) return refuse('not_found', t('bulk.run.notFound'));
        return ok(await planBulkPush({ readRows: deps.store.readRows, contacts: deps.contacts, crm: deps.crm }, runId, target));
      }),

    bulkCrmPush: ({ runId, target, overwrite }) =>
      answer(async () => {
        if (!(await deps.store.getRun(runId))) return refuse('not_found', t('bulk.run.notFound'));
        const pushed = await pushBulkMatched({ readRows: deps.store.readRows, contacts: deps.contacts, crm: deps.crm }, runId, target, overwrite);
        if (!pushed.queued && !pushed.skipped) return refuse('nothing_to_push', t('bulk.run.noMatched'));
        return ok(pushed);
      }),

    bulkCollect: async ({ people }) => ok(await deps.collection.add(people)),
    bulkCollection: async () => ok({ people: await deps.collection.read() }),
    bulkClearCollection: async () => {
      await deps.collection.clear();
      return ok({ count: 0 as const });
    },
  };
}
