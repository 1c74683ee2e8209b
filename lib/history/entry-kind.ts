import type { BalanceDifferenceEntry, HistoryEntry, LookupEntry } from '@/lib/history/entry';
import { BALANCE_DIFFERENCE, CRM_PUSH } from '@/lib/lookup/operation-names';

/** Which kind an entry is, with no schema loaded (entry.ts re-exports these). */
export function isLookupEntry(entry: HistoryEntry): entry is LookupEntry {
  return !entry.foreign && entry.op !== CRM_PUSH && entry.op !== BALANCE_DIFFERENCE;
}

export function isBalanceDifference(entry: HistoryEntry): entry is BalanceDifferenceEntry {
  return entry.op === BALANCE_DIFFERENCE && entry.difference !== undefined;
}
