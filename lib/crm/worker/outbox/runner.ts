import { t } from '@/lib/platform/i18n';
import type { CrmAdapter, Progress } from '@/lib/crm/worker/adapter';
import type { CrmContact } from '@/lib/crm/contact';
import { CRM_LABELS, type CrmError, type CrmField, type CrmTarget, type PushResult } from '@/lib/crm/types';
import { DEFAULT_BACKOFF, nextDelay, type BackoffPolicy } from '@/lib/crm/worker/outbox/backoff';
import type { OutboxItem } from '@/lib/crm/outbox/schema';

export interface OutboxDeps {
  read(): Promise<OutboxItem[]>;
  update<T>(change: (items: OutboxItem[]) => { items: OutboxItem[]; result: T }): Promise<T>;
  adapterFor(target: CrmTarget): Promise<CrmAdapter | null>;
  remembered(target: CrmTarget, identity: string): Promise<string | null>;
  remember(target: CrmTarget, identity: string, result: PushResult): Promise<void>;
  /** Records the outcome in history: one entry per push that delivered or failed for good. */
  report(item: OutboxItem): Promise<void>;
  /**
   * A push whose CRM note held the contact's article 14 notice was delivered: only now is the
   * notice carried (queued is not enough: the push may be replaced, fail, or go where no note is).
   */
  noticeNoted?(item: OutboxItem): Promise<void>;
  /** Wakes the outbox at this time (an alarm that survives the worker), or never. */
  schedule(at: number | null): void;
  now(): number;
  newId(): string;
  random?(): number;
  backoff?: BackoffPolicy;
}

export interface EnqueueRequest {
  target: CrmTarget;
  contact: CrmContact;
  overwrite: readonly CrmField[];
  auto?: boolean;
}

const PENDING = new Set<OutboxItem['state']>(['queued', 'sending', 'retrying', 'failed']);

function errorOf(error: CrmError) {
  return { kind: error.kind, message: error.message, ...(error.status !== undefined ? { status: error.status } : {}), ...(error.dailyBudget ? { budget: 'daily' as const } : {}) };
}

const HOUR = 3_600_000;

/**
 * A spent daily allowance is waited out to the reset the CRM gave (midnight UTC where it names
 * no clock); one still spent then renews on another clock (the account's time zone), so it is
 * looked at hourly rather than a whole day later.
 */
/** A push that waited this long for allowances is kept for the user (a header misread, an account closed). */
const BUDGET_WAITS_AT_MOST_MS = 7 * 24 * HOUR;

/**
 * The CRMs whose allowance is spent, each with the push that learnt it: until then, none of their
 * other pushes is sent (each would spend a request to hear the same refusal, every hour).
 */
function budgetHolds(items: readonly OutboxItem[], now: number): Map<OutboxItem['target'], OutboxItem> {
  const holds = new Map<OutboxItem['target'], OutboxItem>();
  for (const item of items) {
    if (item.state !== 'retrying' || item.lastError?.budget !== 'daily' || item.nextAttemptAt <= now) continue;
    const held = holds.get(item.target);
    if (!held || item.nextAttemptAt > held.nextAttemptAt) holds.set(item.target, item);
  }
  return holds;
}

function budgetDelay(item: OutboxItem, error: CrmError): number {
  return item.lastError?.budget === 'daily' ? HOUR : Math.max(error.retryAfterMs ?? HOUR, 0);
}

/** "10 s", "5 min", "9 h": how long a push waits, for a salesperson rather than a log. */
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1_000));
  if (seconds < 120) return t('crm.outbox.inSeconds', { n: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return t('crm.outbox.inMinutes', { n: minutes });
  return t('crm.outbox.inHours', { n: Math.round(minutes / 60) });
}

/**
 * Delivers the outbox. Every state change is written before and after each step, so whatever
 * stops the worker, the next start resumes: an item left `sending` is tried again, and a
 * resumed push matches again (or carries on from its saved progress) instead of creating.
 */
export function createOutboxRunner(deps: OutboxDeps) {
  const backoff = deps.backoff ?? DEFAULT_BACKOFF;
  const inFlight = new Set<string>();
  let draining: Promise<void> | null = null;
  let again = false;

  const patch = (id: string, change: (item: OutboxItem) => OutboxItem) =>
    deps.update((items) => {
      let found: OutboxItem | null = null;
      const next = items.map((item) => (item.id === id ? (found = change(item)) : item));
      return { items: next, result: found as OutboxItem | null };
    });

  /** Where a push goes in the outbox: one pending push per person and CRM, a newer one replaces what was waiting. */
  function place(items: OutboxItem[], request: EnqueueRequest, now: number): { items: OutboxItem[]; result: OutboxItem } {
    const waiting = items.find((i) => i.target === request.target && i.contact.identity === request.contact.identity && PENDING.has(i.state) && !inFlight.has(i.id));
    if (waiting) {
      // A notice the waiting push was to write, not yet delivered, stays for the note of the push replacing it.
      const notice = request.contact.notice ?? waiting.contact.notice;
      // A note already written by this push's earlier attempt did not hold a notice added since: it is written again.
      const rewrite = notice !== undefined && waiting.progress.noteDone === true && waiting.contact.notice?.preparedAt !== notice.preparedAt;
      const { noteDone: _done, noteAt: _at, ...unnoted }: Progress = waiting.progress;
      const replaced: OutboxItem = {
        ...waiting,
        contact: notice ? { ...request.contact, notice } : request.contact,
        progress: rewrite ? unnoted : waiting.progress,
        overwrite: [...request.overwrite],
        state: 'queued',
        attempts: 0,
        nextAttemptAt: now,
        updatedAt: now,
        lastError: null,
        plan: waiting.progress.contactDone ? waiting.plan : null,
        auto: Boolean(request.auto),
      };
      return { items: items.map((i) => (i.id === waiting.id ? replaced : i)), result: replaced };
    }
    const created: OutboxItem = {
      id: deps.newId(),
      target: request.target,
      contact: request.contact,
      overwrite: [...request.overwrite],
      state: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
      plan: null,
      progress: {},
      lastError: null,
      result: null,
      auto: Boolean(request.auto),
    };
    return { items: [...items, created], result: created };
  }

  async function enqueue(request: EnqueueRequest): Promise<OutboxItem> {
    const now = deps.now();
    return deps.update((items) => place(items, request, now));
  }

  /** Many pushes (the contact book's selection) in one write of the outbox. */
  async function enqueueMany(requests: readonly EnqueueRequest[]): Promise<OutboxItem[]> {
    const now = deps.now();
    return deps.update((items) => {
      const placed: OutboxItem[] = [];
      let next = items;
      for (const request of requests) {
        const step = place(next, request, now);
        next = step.items;
        placed.push(step.result);
      }
      return { items: next, result: placed };
    });
  }

  async function settle(item: OutboxItem, outcome: { ok: true; value: PushResult } | { ok: false; error: CrmError }): Promise<void> {
    const now = deps.now();
    if (outcome.ok) {
      const done = await patch(item.id, (i) => ({ ...i, state: 'delivered', result: outcome.value, lastError: null, updatedAt: now, nextAttemptAt: now }));
      await deps.remember(item.target, item.contact.identity, outcome.value);
      if (done) await deps.report(done);
      if (done?.contact.notice && (done.progress.noteDone || item.progress.noteDone) && deps.noticeNoted) {
        // Delivered either way: a mark that fails leaves the notice waiting, so a later note repeats it rather than losing it.
        await deps.noticeNoted(done).catch(() => {});
      }
      return;
    }
    const error = outcome.error;
    // Waiting for tomorrow's allowance is no failure of the push: it neither counts nor runs out.
    const forBudget = error.retryable && error.dailyBudget === true && now - item.createdAt < BUDGET_WAITS_AT_MOST_MS;
    const retry = forBudget || (error.retryable && item.attempts < backoff.maxAttempts);
    const delay = !retry ? 0 : forBudget ? budgetDelay(item, error) : nextDelay(item.attempts, backoff, error.retryAfterMs, deps.random);
    const crm = CRM_LABELS[item.target];
    const message = !error.retryable
      ? error.message
      : !retry
        ? t('crm.outbox.gaveUp', { message: error.message, attempts: item.attempts })
        : forBudget
          ? t('crm.outbox.waitsForBudget', { crm, wait: waitText(delay), message: error.message })
          : error.kind === 'rate_limited'
            ? // The CRM's own words, when it had any: the generic ones would say the same thing twice.
              t('crm.outbox.slowDown', { crm, wait: waitText(delay), message: error.message.startsWith(t('crm.error.rateLimited')) ? '' : error.message }).trim()
            : error.message;
    const next = await patch(item.id, (i) => ({
      ...i,
      state: retry ? 'retrying' : 'failed',
      attempts: forBudget ? Math.max(0, i.attempts - 1) : i.attempts,
      lastError: errorOf({ ...error, message }),
      nextAttemptAt: now + delay,
      updatedAt: now,
    }));
    if (!retry && next) await deps.report(next);
  }

  async function attempt(start: OutboxItem): Promise<void> {
    const now = deps.now();
    const item = await patch(start.id, (i) => ({ ...i, state: 'sending', attempts: i.attempts + 1, updatedAt: now }));
    if (!item) return;
    const adapter = await deps.adapterFor(item.target);
    if (!adapter) {
      return settle(item, { ok: false, error: { kind: 'not_connected', retryable: false, message: t('crm.outbox.notConnected') } });
    }
    let plan = item.progress.contactDone ? item.plan : null;
    if (!plan) {
      const remembered = item.progress.recordId ?? (await deps.remembered(item.target, item.contact.identity));
      const match = await adapter.find(item.contact, remembered);
      if (!match.ok) return settle(item, match);
      plan = adapter.plan(item.contact, match.value, { overwrite: item.overwrite });
      const decided = plan;
      await patch(item.id, (i) => ({ ...i, plan: decided }));
    }
    let progress: Progress = item.progress;
    const result = await adapter.apply(plan, item.contact, {
      policy: { overwrite: item.overwrite },
      progress,
      save: async (next) => {
        progress = next;
        await patch(item.id, (i) => ({ ...i, progress: next, updatedAt: deps.now() }));
      },
    });
    return settle({ ...item, progress }, result);
  }

  function isDue(item: OutboxItem, now: number): boolean {
    if (inFlight.has(item.id)) return false;
    // `sending` that no attempt of this worker owns was left by a worker that was stopped.
    if (item.state === 'sending') return true;
    return (item.state === 'queued' || item.state === 'retrying') && item.nextAttemptAt <= now;
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      const now = deps.now();
      const items = await deps.read();
      const holds = budgetHolds(items, now);
      const held = items.filter((item) => isDue(item, now) && holds.has(item.target));
      for (const item of held) {
        const holder = holds.get(item.target)!;
        await patch(item.id, (i) => ({ ...i, state: 'retrying', nextAttemptAt: holder.nextAttemptAt, lastError: holder.lastError, updatedAt: now }));
      }
      const due = items.filter((item) => isDue(item, now) && !holds.has(item.target));
      if (!due.length) break;
      const spent = new Set<OutboxItem['target']>();
      for (const item of due) {
        // Its CRM's allowance ran out during this pass: the next pass holds it with the others.
        if (spent.has(item.target)) continue;
        inFlight.add(item.id);
        try {
          await attempt(item);
          const after = (await deps.read()).find((i) => i.id === item.id);
          if (after?.lastError?.budget === 'daily' && after.state === 'retrying') spent.add(item.target);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await settle(item, { ok: false, error: { kind: 'network', retryable: true, message: t('crm.outbox.crashed', { message }) } });
        } finally {
          inFlight.delete(item.id);
        }
      }
    }
    const waiting = (await deps.read()).filter((item) => item.state === 'queued' || item.state === 'retrying');
    deps.schedule(waiting.length ? Math.min(...waiting.map((item) => item.nextAttemptAt)) : null);
  }

  /** Sends whatever is due; concurrent calls share one pass and ask for another if needed. */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again);
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  async function retry(id: string): Promise<OutboxItem | null> {
    const now = deps.now();
    const item = await patch(id, (i) => (i.state === 'delivered' || inFlight.has(i.id) ? i : { ...i, state: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now, lastError: null }));
    void drain();
    return item;
  }

  async function drop(id: string): Promise<boolean> {
    if (inFlight.has(id)) return false;
    return deps.update((items) => ({ items: items.filter((i) => i.id !== id), result: items.some((i) => i.id === id) }));
  }

  return { enqueue, enqueueMany, drain, retry, drop };
}

export type OutboxRunner = ReturnType<typeof createOutboxRunner>;
