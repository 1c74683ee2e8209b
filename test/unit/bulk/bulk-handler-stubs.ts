import { vi } from 'vitest';
import type { Handlers } from '@/lib/contracts/handlers';
import { bulkMessageSchemas, type BulkReplies } from '@/lib/bulk/contract';

const unused = async () => ({ ok: false as const, error: { kind: 'unused', message: 'not part of this test' } });

/** The bulk messages' handlers, for tests of the router that need a complete handler map. */
export function bulkHandlerStubs(): Pick<Handlers, keyof BulkReplies> {
  const names = Object.keys(bulkMessageSchemas) as (keyof BulkReplies)[];
  return Object.fromEntries(names.map((name) => [name, vi.fn(unused)])) as unknown as Pick<Handlers, keyof BulkReplies>;
}
