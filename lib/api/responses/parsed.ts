import { z } from 'zod';
import type { Block } from '@/lib/api/responses/fields';

/** What a response parser concludes: a value, a stated miss, or a body it cannot read. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; kind: 'no_match' | 'unexpected_response'; detail: string };

export function parsed<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function noMatch<T>(detail: string): Parsed<T> {
  return { ok: false, kind: 'no_match', detail };
}

export function unexpected<T>(detail: string): Parsed<T> {
  return { ok: false, kind: 'unexpected_response', detail };
}

/**
 * Every block is optional, so "an object" alone would accept any JSON at all. A body is
 * recognised only when it holds at least one field this operation is known to answer with.
 */
export function recognise(body: unknown, keys: readonly string[]): Block | undefined {
  const object = z
    .looseObject({})
    .refine((value) => keys.some((key) => value[key] !== undefined && value[key] !== null))
    .safeParse(body);
  return object.success ? object.data : undefined;
}

/**
 * The interface wraps its record in `data`; where a sandbox or proxy does the same for other
 * operations, the inner object is read, with any top-level `creditBurn` still counted.
 */
export function unwrapData(body: unknown, keys: readonly string[]): unknown {
  const outer = recognise(body, ['data']);
  const inner = outer && recognise(outer.data, keys);
  return inner && !recognise(body, keys) ? inner : body;
}
