import { contactsCollectedBefore } from '@/lib/book/store';
import { historyRecordedBefore } from '@/lib/history/read';
import { ledgerExpiringBy } from '@/lib/lookup/ledger-read';
import { onRecordsChanged, type RecordChange, type RecordStore } from '@/lib/platform/storage/vault';
import { MIN_READ_GAP_MS } from '@/lib/platform/storage/watch-records';
import type { Preferences } from '@/lib/settings/preferences';
import { DAY, ledgerWindowMs, NEXT_TO_GO_DAYS, retentionDays } from '@/lib/retention/period';
import { forecastContactsPurgeFrom } from '@/lib/retention/contacts-from';

/** What of one store goes by the forecast's end: how many, and when the first goes (never before now: overdue ones go at the next purge). */
export interface Going {
  count: number;
  firstAt: number | null;
}

export interface NextToGo {
  /** The forecast's end (ms). */
  until: number;
  contacts: Going;
  history: Going;
  /** Paid answers no longer kept for a free repeat. */
  ledger: Going;
  /** Set when the grace given on upgrade delays the contacts' first date (contacts-from.ts): said apart. */
  contactsHeld: boolean;
}

/**
 * "What will go next", for the settings page: what the daily purge (lib/retention/worker/purge.ts)
 * deletes from now to `days` ahead under `prefs`' period and reuse windows, by the purge's own
 * rules, each store read by index (counts and one key, never the records). `days` 1 tells what a
 * changed period deletes at the next purge. Contacts go no sooner than the grace given on upgrade
 * (lib/retention/contacts-from.ts): their date is the later of their own and its end.
 */
export async function readNextToGo(prefs: Pick<Preferences, 'freshness' | 'privacy'>, now: number, days = NEXT_TO_GO_DAYS): Promise<NextToGo> {
  const until = now + days * DAY;
  const period = retentionDays(prefs) * DAY;
  const going = (count: number, firstAt: number | null): Going => ({ count, firstAt: count && firstAt !== null ? Math.max(now, firstAt) : null });
  const [contacts, history, ledger, contactsFrom] = await Promise.all([
    contactsCollectedBefore(until - period),
    historyRecordedBefore(until - period),
    ledgerExpiringBy((op) => ledgerWindowMs(op, prefs), until),
    forecastContactsPurgeFrom(now),
  ]);
  const ownDate = contacts.earliest === null ? null : contacts.earliest + period;
  const held = contacts.count > 0 && ownDate !== null && contactsFrom > Math.max(ownDate, now) && contactsFrom <= until;
  return {
    until,
    contacts: contactsFrom > until ? going(0, null) : going(contacts.count, ownDate === null ? null : Math.max(ownDate, contactsFrom)),
    contactsHeld: held,
    history: going(history.count, history.earliest === null ? null : history.earliest + period),
    ledger: going(ledger.count, ledger.firstExpiry),
  };
}

/** When the first of them goes, whichever store it is in (null: nothing goes). */
export function firstToGo(next: NextToGo): number | null {
  const dates = [next.contacts, next.history, next.ledger].flatMap((g) => (g.firstAt === null ? [] : [g.firstAt]));
  return dates.length ? Math.min(...dates) : null;
}

const WATCHED = new Set<RecordStore>(['contacts', 'history', 'ledger']);

/**
 * Keeps a screen's forecast current: `read` now, then again after changes to the contacts, the
 * history or the ledger from any context, at most once per MIN_READ_GAP_MS (the history move
 * writes a batch every ~100 ms), never an older answer over a newer one. Returns the call that stops.
 */
export function watchNextToGo(read: () => Promise<NextToGo>, apply: (next: NextToGo) => void, onError: (err: unknown) => void): () => void {
  let stopped = false;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refresh = () => {
    timer = null;
    const mine = ++generation;
    read().then(
      (next) => !stopped && mine === generation && apply(next),
      (err: unknown) => !stopped && mine === generation && onError(err),
    );
  };
  const onChange = (change: RecordChange) => {
    if (WATCHED.has(change.store) && timer === null) timer = setTimeout(refresh, MIN_READ_GAP_MS);
  };
  onRecordsChanged.addListener(onChange);
  refresh();
  return () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    onRecordsChanged.removeListener(onChange);
  };
}
