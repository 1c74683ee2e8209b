import { z } from 'zod';
import type { Extra } from '@/lib/enrichment/model';

/**
 * Lenient readers for single fields. The gateway's blocks come and go and change type between
 * sources (a count as "12" or 12, a flag as "true"), so a field that cannot be read becomes
 * undefined instead of failing the whole answer: one odd field must not cost a paid result.
 */

export const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim() || undefined)
  .optional()
  .catch(undefined);

export const count = z
  .union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/)])
  .transform(Number)
  .pipe(z.number())
  .optional()
  .catch(undefined);

const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

export const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((value, ctx) => {
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (TRUE.has(word)) return true;
    if (FALSE.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: 'not a flag' });
    return z.NEVER;
  })
  .optional()
  .catch(undefined);

/** Any JSON object, its unknown keys kept; anything else reads as absent. */
export const block = z.looseObject({}).optional().catch(undefined);
export type Block = Record<string, unknown>;

/** Lists sometimes arrive as a single value; unreadable items are dropped, not fatal. */
function listOf<T>(item: z.ZodType<T | undefined>) {
  return z
    .unknown()
    .transform((value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]))
    .transform((items) => items.map((entry) => item.safeParse(entry)).flatMap((r) => (r.success && r.data !== undefined ? [r.data] : [])));
}

export const texts = listOf(text);
export const blocks = listOf(block);

/** Anything that reads an unknown value leniently: the zod readers above, or a hand-written one. */
export interface Reader<T> {
  parse(value: unknown): T;
}

/** Reads one field with a lenient reader. */
export function read<T>(reader: Reader<T>, source: Block | undefined, key: string): T {
  return reader.parse(source?.[key]);
}

/** The first of several synonymous fields that holds a readable value. */
export function first<T>(reader: Reader<T | undefined>, source: Block | undefined, keys: readonly string[]): T | undefined {
  for (const key of keys) {
    const value = reader.parse(source?.[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The fields of `source` that no normaliser consumed, so that nothing the gateway sent is lost. */
export function extraOf(source: Block | undefined, known: Iterable<string>): Extra {
  if (!source) return {};
  const skip = new Set(known);
  return Object.fromEntries(Object.entries(source).filter(([key, value]) => !skip.has(key) && value !== undefined && value !== null));
}

export function joinParts(...parts: Array<string | undefined>): string | undefined {
  const kept = parts.filter((part): part is string => !!part);
  return kept.length ? [...new Set(kept)].join(', ') : undefined;
}

/**
 * Credits a successful answer cost. A numeric string on /v2/full, a number elsewhere; only
 * finite values >= 0 are believed.
 */
export const creditBurn = z
  .union([z.number(), z.string().trim().regex(/^\d+(\.\d+)?$/)])
  .transform(Number)
  .pipe(z.number().min(0));

export function readCreditBurn(...sources: Array<Block | undefined>): number | undefined {
  for (const source of sources) {
    const parsed = creditBurn.safeParse(source?.creditBurn);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}
