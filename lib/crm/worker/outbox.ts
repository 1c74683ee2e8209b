import { browser } from 'wxt/browser';
import type { CrmAdapter } from '@/lib/crm/worker/adapter';
import { createOutboxRunner } from '@/lib/crm/worker/outbox/runner';
import { viewOf, type OutboxItem } from '@/lib/crm/outbox/schema';
import { readOutbox, updateOutbox } from '@/lib/crm/outbox/store';
import { rememberRecord, rememberedRecord } from '@/lib/crm/worker/storage';
import { CRM_LABELS, type CrmTarget } from '@/lib/crm/types';
import { CRM_PUSH, type HistoryEntry } from '@/lib/history/entry';
import { keepAlive } from '@/lib/platform/worker/keep-alive';

export const CRM_OUTBOX_ALARM = 'dossier-crm-outbox';

export interface CrmOutboxDeps {
  adapter(target: CrmTarget): Promise<CrmAdapter | null>;
  appendHistory(entry: HistoryEntry): Promise<unknown>;
  now(): number;
  newId(): string;
  /** Where the outbox asks to be woken; defaults to browser.alarms plus a timer while alive. */
  wake?(at: number | null): void;
  /** A delivered push whose note held the contact's article 14 notice (runner.ts `noticeNoted`). */
  noticeNoted?(item: OutboxItem): Promise<void>;
}

/**
 * The outbox in the worker: its runner, its schedule (an alarm that outlives the worker, and a
 * timer for short delays while it is alive), and the history entry each push ends with.
 */
export function createCrmOutbox(deps: CrmOutboxDeps) {
  let timer: ReturnType<typeof setTimeout> | undefined;

  function wake(at: number | null): void {
    if (deps.wake) return deps.wake(at);
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (at === null) {
      void browser.alarms.clear(CRM_OUTBOX_ALARM);
      return;
    }
    // Alarms under 30 s are not guaranteed: the timer serves short delays while the worker is alive.
    void browser.alarms.create(CRM_OUTBOX_ALARM, { when: Math.max(at, deps.now() + 1_000) });
    const delay = at - deps.now();
    if (delay < 5 * 60_000) timer = setTimeout(() => void runner.drain(), Math.max(0, delay));
  }

  async function report(item: OutboxItem): Promise<void> {
    const delivered = item.state === 'delivered';
    await deps.appendHistory({
      id: deps.newId(),
      op: CRM_PUSH,
      subject: `${item.contact.fullName} → ${CRM_LABELS[item.target]}`,
      input: { target: item.target, outboxId: item.id, fromLookup: item.contact.historyId },
      identity: item.contact.identity,
      outcome: delivered ? 'free' : 'failed',
      cost: 0,
      fromLedger: false,
      paidAt: null,
      at: deps.now(),
      pageUrl: null,
      result: delivered && item.result ? { target: item.target, ...item.result } : undefined,
      error: delivered ? null : (item.lastError ? { kind: item.lastError.kind, message: item.lastError.message } : null),
    });
  }

  const base = createOutboxRunner({
    read: readOutbox,
    update: (change) => updateOutbox(change, deps.now()),
    adapterFor: deps.adapter,
    remembered: async (target, who) => (await rememberedRecord(target, who))?.id ?? null,
    remember: (target, who, result) => rememberRecord(target, who, { id: result.recordId, url: result.recordUrl, at: deps.now() }),
    report,
    noticeNoted: deps.noticeNoted,
    schedule: wake,
    now: deps.now,
    newId: deps.newId,
  });
  // A drain sends pushes for seconds, started by an alarm, a timer or a push: the background
  // stays up until it ends (Firefox would suspend its event page mid-push; keep-alive.ts).
  const runner = { ...base, drain: () => keepAlive.during(() => base.drain()) };

  return {
    runner,
    async pushStatus(historyId: string) {
      return (await readOutbox()).filter((item) => item.contact.historyId === historyId).map(viewOf);
    },
    list: async () => (await readOutbox()).map(viewOf).reverse(),
  };
}
