import { cellKind, isKnownHeader } from '@/lib/bulk/columns';

/**
 * Whether a file's first row is a person rather than column names: exports from a CRM always
 * name their columns, but a list typed by hand or cut out of a bigger sheet often starts with
 * its first person, who would otherwise become the column names (and the mapping would find
 * nothing). Only a guess: the page asks the user, it never decides alone.
 */

/** Rows below the first one that are compared with it. */
const SAMPLE = 50;

/** A bare web domain ("northwind.example"): a value, never a column's name. */
const DOMAIN = /^(?:[a-z0-9-]+\.)+[a-z]{2,}$/i;

/** What no column name holds: an email, a phone number, a web address or profile, a domain, a long number. */
function looksLikeValue(cell: string): boolean {
  if (cellKind(cell) !== null) return true;
  if (DOMAIN.test(cell)) return true;
  if (/@/.test(cell) && /\.[a-z]{2,}$/i.test(cell)) return true;
  return (cell.match(/\d/g)?.length ?? 0) >= 6;
}

/**
 * True when the first row looks like data: one of its cells is a value (an email, a phone,
 * a profile URL...), or, when none of its cells is a column name Dossier knows, one of them is
 * repeated further down its column (a company's name recurs in a list; a column's name does not).
 */
export function firstRowLooksLikeData(first: readonly string[], below: readonly (readonly string[])[]): boolean {
  const cells = first.map((cell) => cell.trim());
  if (!cells.some(Boolean)) return false;
  if (cells.some((cell) => cell && looksLikeValue(cell))) return true;
  if (cells.some((cell) => cell && isKnownHeader(cell))) return false;
  const sample = below.slice(0, SAMPLE);
  return cells.some((cell, column) => {
    if (cell.length < 3) return false;
    const key = cell.toLowerCase();
    return sample.some((row) => (row[column] ?? '').trim().toLowerCase() === key);
  });
}
