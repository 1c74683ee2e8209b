import { BULK_FIELDS, type BulkField, type BulkOperation, type BulkPerson, type ColumnMapping } from '@/lib/bulk/model';
import { personOf, requestFor, type PersonOptions } from '@/lib/bulk/person';
import { fieldText } from '@/components/bulk/text';

const FIELDS: ReadonlySet<string> = new Set(BULK_FIELDS);
/** A request's key in the user's words when it is one of Dossier's fields; else the gateway's own name. */
const keyText = (key: string) => (FIELDS.has(key) ? fieldText(key as BulkField) : key);

export type PreviewRequest = { op: BulkOperation; ok: true; input: Record<string, unknown> } | { op: BulkOperation; ok: false; reason: string };

export interface PreviewRow {
  /** The row's place in the source, from 0. */
  index: number;
  person: BulkPerson | null;
  problem: string | null;
  /** Values of a usable row left out because they are not what their column says. */
  ignored: string[];
  /** What each chosen operation would send for it, or why it would not. */
  requests: PreviewRequest[];
}

/**
 * The rows as the worker will send them: read through the mapping (personOf), then each chosen
 * operation's request (requestFor) — the same pure functions the worker uses, so the preview
 * cannot promise another request than the one that goes.
 */
export function previewRows(
  rows: readonly { index: number; cells: readonly string[] }[],
  mapping: ColumnMapping,
  operations: readonly BulkOperation[],
  options: PersonOptions = {},
): PreviewRow[] {
  return rows.map(({ index, cells }) => {
    const { person, problem, ignored } = personOf([...cells], mapping, options);
    const requests: PreviewRequest[] = person
      ? operations.map((op) => {
          const request = requestFor(op, person);
          return request.ok ? { op, ok: true, input: request.input } : { op, ok: false, reason: request.reason };
        })
      : [];
    return { index, person, problem, ignored, requests };
  });
}

/** A request's input as the user reads it: `Email: maya@northwind.example · Company: Northwind`. */
export function inputText(input: Record<string, unknown>): string {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${keyText(key)}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}
