import type { HistoryEntry } from '@/lib/history/entry';

/**
 * A stored history record checked plainly, with no schema: what the first paints (the popup's, the
 * history page's) draw before the schemas are loaded, leaving anything else to the React page.
 */
export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A record with the fields every entry has, of the types the worker writes. */
export function isEntryLike(value: unknown): value is HistoryEntry {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.op === 'string' &&
    typeof value.subject === 'string' &&
    typeof value.outcome === 'string' &&
    isFiniteNumber(value.at) &&
    isFiniteNumber(value.cost) &&
    isObject(value.input) &&
    (value.result === undefined || isObject(value.result))
  );
}
