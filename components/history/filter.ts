import { type HistoryEntry, type Outcome } from '@/lib/history/entry';
import { isLookupEntry } from '@/lib/history/entry-kind';
import type { HistoryQuery } from '@/lib/history/page/watch';
import { factsOf } from '@/components/card/result-facts';

export interface HistoryFilter {
  text: string;
  op: string;
  outcome: Outcome | '';
  /** `YYYY-MM-DD` (components/platform/DayField.tsx), local time, inclusive; '' for no bound. */
  from: string;
  to: string;
}

export const NO_FILTER: HistoryFilter = { text: '', op: '', outcome: '', from: '', to: '' };

const haystacks = new WeakMap<HistoryEntry, string>();

/** Built once per entry: searching 10,000 entries must not stringify 10,000 results per keystroke. */
function haystackOf(entry: HistoryEntry): string {
  let text = haystacks.get(entry);
  if (text === undefined) {
    const facts = isLookupEntry(entry) ? factsOf(entry) : null;
    text = [
      entry.subject,
      entry.op,
      entry.outcome,
      entry.error?.message,
      entry.pageUrl,
      facts?.name,
      facts?.company,
      facts?.jobTitle,
      ...(facts?.emails.map((e) => e.address) ?? []),
      ...(facts?.phones.map((p) => p.e164) ?? []),
    ]
      .filter(Boolean)
      .join('\n')
      .toLowerCase();
    haystacks.set(entry, text);
  }
  return text;
}

function dayStart(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime() : null;
}

/**
 * The filter as a read of the history store (lib/history/page/watch.ts): the dates narrow the range
 * of the `at` index that is read, the rest is checked on each entry. Null for no filter at all.
 */
export function historyQuery(filter: HistoryFilter): HistoryQuery | null {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  const from = dayStart(filter.from);
  const toStart = dayStart(filter.to);
  const to = toStart === null ? null : toStart + 86_400_000;
  const checks = Boolean(filter.op || filter.outcome || words.length);
  if (!checks && from === null && to === null) return null;
  const keep = (e: HistoryEntry) =>
    (!filter.op || e.op === filter.op) && (!filter.outcome || e.outcome === filter.outcome) && (!words.length || words.every((w) => haystackOf(e).includes(w)));
  return { from, to, ...(checks ? { keep } : {}) };
}

export function filterHistory(entries: readonly HistoryEntry[], filter: HistoryFilter): HistoryEntry[] {
  const query = historyQuery(filter);
  if (!query) return [...entries];
  return entries.filter((e) => (query.from == null || e.at >= query.from) && (query.to == null || e.at < query.to) && (!query.keep || query.keep(e)));
}
