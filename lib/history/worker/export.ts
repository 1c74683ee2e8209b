import Papa from 'papaparse';
import { neutraliseRow } from '@/lib/platform/ui/spreadsheet-cell';
import type { HistoryEntry } from '@/lib/history/entry';

export const CSV_COLUMNS = [
  'time',
  'operation',
  'subject',
  'outcome',
  'credits',
  'from_ledger',
  'paid_at',
  'page_url',
  'error',
  'result',
  'balance_check',
] as const;

function iso(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString();
}

/**
 * CSV for spreadsheets. Cells that a spreadsheet would run as a formula (=, +, -, @, on any of
 * their lines) are prefixed with a quote: page text and gateway data are untrusted.
 */
export function historyToCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((e) => neutraliseRow([
    iso(e.at),
    e.op,
    e.subject,
    e.outcome,
    e.cost,
    e.fromLedger ? 'yes' : 'no',
    iso(e.paidAt),
    e.pageUrl ?? '',
    e.error?.message ?? '',
    // An answer this release cannot read is still exported, as it was stored.
    JSON.stringify(e.result ?? e.unreadableResult) ?? '',
    // A balance difference, or the question a later one raises about this lookup's charge.
    JSON.stringify(e.difference ?? e.chargeQuestion) ?? '',
  ]));
  return Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: '\r\n' });
}

export function historyToJson(entries: readonly HistoryEntry[]): string {
  return JSON.stringify({ format: 'dossier-history', version: 1, entries }, null, 2);
}
