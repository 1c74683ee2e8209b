import type { z } from 'zod';
import type { MessageName, messageSchemas, Outcome, Replies } from '@/lib/contracts/protocol';
import type { SenderInfo } from '@/lib/platform/messaging/sender';

/**
 * What the worker owes each message of the protocol: a handler that takes its checked data and
 * its sender and answers its reply, as data. Each feature's `worker/handlers.ts` provides its
 * part; the worker's router (lib/worker/router.ts) holds them all.
 */
export type Handlers = {
  [N in MessageName]: (data: z.infer<(typeof messageSchemas)[N]>, sender: SenderInfo) => Promise<Outcome<Replies[N]>>;
};
