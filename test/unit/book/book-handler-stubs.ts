import { vi } from 'vitest';
import type { Handlers } from '@/lib/contracts/handlers';
import type { BookReplies } from '@/lib/book/contract';

const unused = async () => ({ ok: false as const, error: { kind: 'unused', message: 'not part of this test' } });

/** The contact book messages' handlers, for tests of the router that need a complete handler map. */
export function bookHandlerStubs(): Pick<Handlers, keyof BookReplies> {
  return {
    openContactBook: vi.fn(unused),
    bookTag: vi.fn(unused),
    bookForget: vi.fn(unused),
    bookCrmPlan: vi.fn(unused),
    bookCrmPush: vi.fn(unused),
    bookNoticeForCrm: vi.fn(unused),
  };
}
