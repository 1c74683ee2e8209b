import { browser } from 'wxt/browser';
import { addToCollection, clearCollection, readCollection } from '@/lib/bulk/worker/collection';
import type { BulkPerson, BulkRun } from '@/lib/bulk/model';
import { tableFromContacts } from '@/lib/bulk/pasted';
import { personOf, requestFor } from '@/lib/bulk/person';
import { enrichedColumnsOf, mergeColumns } from '@/lib/bulk/results';
import { createBulkRunner } from '@/lib/bulk/worker/runner';
import { deleteRun, getRun, listRuns, putRows, putRun, putRunWithRows, readRows } from '@/lib/bulk/store';
import { requestKeysOf } from '@/lib/book/from-history';
import { findContact, findContacts, getContacts } from '@/lib/book/store';
import { contactFreshness, type Freshness, type ValueAges } from '@/lib/book/freshness';
import { countHistory } from '@/lib/history/read';
import { readHistoryEntries } from '@/lib/history/worker/store';
import type { OperationAnswer } from '@/lib/lookup/operation-names';
import { OPERATIONS } from '@/lib/lookup/worker/operations';
import { pricesFor } from '@/lib/lookup/prices';
import type { LookupService } from '@/lib/lookup/worker/service';
import type { SpendingCap } from '@/lib/lookup/worker/spending-cap';
import { loadPreferences } from '@/lib/settings/stored';
import type { BulkHandlerDeps } from '@/lib/bulk/worker/handlers';
import type { CrmService } from '@/lib/crm/worker/presence-check';
import { keepAlive } from '@/lib/platform/worker/keep-alive';

/** Wakes the worker while a run is running (and so keeps it alive): its handler resumes every running run. */
export const BULK_ALARM = 'dossier-bulk';
/** Rows worked at once: measured by scripts/bench/bulk.bench.ts (the gateway's 10 requests/s is the limit). */
export const BULK_CONCURRENCY = 8;
/** The badge follows a run at most this often: its title changes with every task. */
const BADGE_EVERY_MS = 500;

/**
 * The contact book's contact a row's answer merged into. The answer's keys first: the book files
 * a person under the strongest key it knows (profile, email, phone), and drops the name-at-company
 * key a row asked with once one is known, so the request's keys alone miss everyone found by name.
 */
export async function bookContactOf(input: Record<string, unknown>, answer: OperationAnswer | null): Promise<string | null> {
  const found = answer ? (OPERATIONS[answer.op].resultIdentities as (value: unknown) => string[])(answer.result) : [];
  return (await findContact([...found, ...requestKeysOf({ identity: null, input })]))?.id ?? null;
}

/**
 * The contact book's state of each row's person, found by the keys the row would be asked with
 * (null: not in the book): the book's own reads, one transaction a page, nothing leaves the browser.
 */
export async function bookFreshnessOf(people: readonly (BulkPerson | null)[], now: number, ages: ValueAges): Promise<(Freshness | null)[]> {
  const contacts = await findContacts(people.map((person) => (person ? requestKeysOf({ identity: null, input: person }) : [])));
  return contacts.map((contact) => (contact ? contactFreshness(contact, now, ages) : null));
}

export interface BulkWiringDeps {
  lookups: LookupService;
  cap: Pick<SpendingCap, 'left'>;
  crm: Pick<CrmService, 'check' | 'status' | 'planContact' | 'pushContacts'>;
  now(): number;
  newId(): string;
  /** No run is running any more (the last one ended, paused or failed). */
  onAllRunsEnded?(): void;
  /** Shows the running runs' progress on the toolbar button (the worker's badge, lib/worker/toolbar-badge.ts). */
  showProgress(running: readonly BulkRun[]): Promise<void>;
}

/** The results file's columns of one answer; personal addresses left out in EU mode, as the card hides them. */
async function columnsOf(answer: OperationAnswer) {
  return enrichedColumnsOf(answer, { personalEmails: !(await loadPreferences()).privacy.euMode });
}

/** The toolbar and the keep-alive alarm follow which runs are running. */
function progressDisplay(onAllEnded: () => void, showProgress: BulkWiringDeps['showProgress']) {
  // Unknown at the worker's start: an alarm (or a badge) a stopped worker left is set or cleared by the first report.
  let alarmOn: boolean | null = null;
  let latest: readonly BulkRun[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    timer = undefined;
    void showProgress(latest).catch(() => {});
  };
  return (running: readonly BulkRun[]) => {
    latest = running;
    const on = running.length > 0;
    if (on !== alarmOn) {
      alarmOn = on;
      // Firefox suspends an event page 30 s after its last extension event, and this alarm comes
      // only every 30 s: a running run holds it up (keep-alive.ts).
      keepAlive.hold('bulk', on);
      // Chrome wakes a stopped worker for the alarm; 30 s is the shortest period it allows.
      if (on) void browser.alarms.create(BULK_ALARM, { periodInMinutes: 0.5 });
      else void browser.alarms.clear(BULK_ALARM);
    }
    if (!on) {
      if (timer) clearTimeout(timer);
      show();
      onAllEnded();
    } else timer ??= setTimeout(show, BADGE_EVERY_MS);
  };
}

/** The bulk runner and its messages' collaborators, over the vault and the worker's one lookup service. */
export function createBulk(deps: BulkWiringDeps) {
  const runner = createBulkRunner({
    store: { getRun, listRuns, readRows, save: putRunWithRows },
    lookups: deps.lookups,
    historyEntry: async (id) => (await readHistoryEntries([id]))[0] ?? null,
    requestFor,
    columnsOf,
    mergeColumns,
    // The book is written before a lookup answers: the contact is there, under what was asked.
    contactOf: bookContactOf,
    onProgress: progressDisplay(() => deps.onAllRunsEnded?.(), deps.showProgress),
    concurrency: BULK_CONCURRENCY,
    now: deps.now,
    newId: deps.newId,
  });

  const handlerDeps: BulkHandlerDeps = {
    store: { getRun, listRuns, putRun, putRows, readRows, deleteRun },
    runner,
    quote: {
      preview: (request) => deps.lookups.preview(request),
      requestFor,
      crm: {
        connected: async () => (await deps.crm.status()).connected.length > 0,
        async check(person) {
          const results = await deps.crm.check({ profileUrl: person.profileUrl, fullName: person.fullName ?? ([person.firstName, person.lastName].filter(Boolean).join(' ') || undefined), company: person.company });
          if (results.some((r) => r.state === 'in_crm')) return 'yes';
          return results.length && results.every((r) => r.state === 'not_in_crm') ? 'no' : 'unknown';
        },
      },
      capLeft: async (now) => deps.cap.left((await loadPreferences()).spending.dailyCap, now),
      history: { count: countHistory, maxEntries: async () => (await loadPreferences()).history.maxEntries },
      book: { freshness: async (people, now) => bookFreshnessOf(people, now, (await loadPreferences()).valueAge) },
    },
    async personReader(mapping) {
      const region = (await loadPreferences()).lookups.defaultPhoneRegion ?? undefined;
      return (cells) => personOf(cells, mapping, { defaultRegion: region as never });
    },
    tableFromContacts,
    contacts: getContacts,
    crm: deps.crm,
    collection: { add: addToCollection, read: readCollection, clear: clearCollection },
    prices: async () => pricesFor(await loadPreferences()),
    now: deps.now,
    newId: deps.newId,
  };

  return {
    runner,
    handlerDeps,
    onAlarm(name: string) {
      if (name === BULK_ALARM) void runner.wake();
    },
  };
}
