import type { Socket } from 'node:net';

/**
 * Injected failures, for tests of the client's resilience. A fault is queued for a key and
 * replaces that key's next requests. Most never reach billing, so they never charge; the
 * `charge-then-*` faults serve and bill the lookup, then lose its answer (the connection
 * drops mid-body, or the answer comes too late), which is what a paid client must survive
 * without paying twice. `charge-then-reset-before-answer` and `charge-then-408` lose the answer
 * in the two ways that make a browser send the same request again by itself when the connection
 * was a reused one (docs/design/paid-requests-and-resends.md).
 */

export const FAULT_KINDS = [
  '500',
  '429',
  'hang',
  'slow',
  'malformed-json',
  'html-error',
  'unexpected-shape',
  'charge-then-reset',
  'charge-then-hang',
  'charge-then-reset-before-answer',
  'charge-then-408',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Faults that let the lookup run and be billed, and spoil only the answer. */
export const AFTER_CHARGE_FAULTS: ReadonlySet<FaultKind> = new Set<FaultKind>(['charge-then-reset', 'charge-then-hang', 'charge-then-reset-before-answer', 'charge-then-408']);

export interface Fault {
  kind: FaultKind;
  delayMs?: number;
}

interface QueuedFault extends Fault {
  remaining: number;
}

export const DEFAULT_SLOW_MS = 2_000;
/** How long a hung request waits before the sandbox gives up on it (504), unless the client leaves first. */
export const DEFAULT_HANG_MS = 120_000;

export class FaultQueue {
  readonly #queues = new Map<string, QueuedFault[]>();

  /** Appends, so a test can script a sequence (e.g. one 500, then one slow answer). */
  add(apiId: string, fault: Fault, count: number): void {
    const queue = this.#queues.get(apiId) ?? [];
    queue.push({ ...fault, remaining: count });
    this.#queues.set(apiId, queue);
  }

  take(apiId: string): Fault | undefined {
    const queue = this.#queues.get(apiId);
    const head = queue?.[0];
    if (!queue || !head) return undefined;
    head.remaining -= 1;
    if (head.remaining <= 0) queue.shift();
    if (queue.length === 0) this.#queues.delete(apiId);
    return { kind: head.kind, ...(head.delayMs === undefined ? {} : { delayMs: head.delayMs }) };
  }

  clear(apiId?: string): void {
    if (apiId === undefined) this.#queues.clear();
    else this.#queues.delete(apiId);
  }

  pending(): Record<string, { kind: FaultKind; delayMs?: number; count: number }[]> {
    return Object.fromEntries(
      [...this.#queues].map(([apiId, queue]) => [
        apiId,
        queue.map(({ remaining, ...fault }) => ({ ...fault, count: remaining })),
      ]),
    );
  }
}

/** Resolves true after `ms`, or false as soon as the client goes away. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

const json = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });

// Nobody reads the answer to a request whose client has left; the status only shows in the log.
const clientGone = () => new Response(null, { status: 499 });

/**
 * The response a fault stands for, or `'proceed'` when the fault only delays a normal answer
 * (`slow`). A slow request whose client leaves during the delay is dropped unprocessed.
 */
export async function respondToFault(fault: Fault, signal: AbortSignal): Promise<Response | 'proceed'> {
  switch (fault.kind) {
    case 'charge-then-reset':
    case 'charge-then-hang':
    case 'charge-then-reset-before-answer':
    case 'charge-then-408':
      return 'proceed';
    case '500':
      return json(500, JSON.stringify({ code: 2, message: 'internal error (injected by the sandbox)' }));
    case '429':
      return json(429, JSON.stringify({ code: 8, message: 'Too many requests (injected by the sandbox)' }), { 'Retry-After': '1' });
    case 'hang':
      return (await wait(fault.delayMs ?? DEFAULT_HANG_MS, signal))
        ? json(504, JSON.stringify({ code: 4, message: 'deadline exceeded (injected hang)' }))
        : clientGone();
    case 'slow':
      return (await wait(fault.delayMs ?? DEFAULT_SLOW_MS, signal)) ? 'proceed' : clientGone();
    case 'malformed-json':
      return json(200, '{"data": {"fullName": "Trunc');
    case 'html-error':
      return new Response(
        '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>The upstream server is not answering (injected by the sandbox).</p></body></html>',
        { status: 502, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
      );
    case 'unexpected-shape':
      return json(200, JSON.stringify({ ok: true, results: [{ id: 1, value: 'not what you asked for' }], next: null }));
  }
}

/**
 * The answer of a lookup already billed, spoilt by an after-charge fault:
 * - `charge-then-reset` sends the start of the body and then breaks the stream (over HTTP the
 *   server resets the connection): the client has the status and headers;
 * - `charge-then-reset-before-answer` resets the TCP connection (RST) before a single byte of the
 *   answer is written: the client sees only a dropped connection (in process, with no socket, a
 *   network error);
 * - `charge-then-408` answers a bare `408 Request Timeout` (no body) and closes the connection,
 *   as a server does that timed a kept-alive connection out;
 * - `charge-then-hang` holds the answer back until the client gives up, or sends it after
 *   `delayMs` to a client that waited that long.
 */
export async function loseAnswer(fault: Fault, answer: Response, signal: AbortSignal, socket?: Socket): Promise<Response> {
  switch (fault.kind) {
    case 'charge-then-hang':
      return (await wait(fault.delayMs ?? DEFAULT_HANG_MS, signal)) ? answer : clientGone();
    case 'charge-then-reset-before-answer':
      if (!socket) return Response.error();
      socket.resetAndDestroy();
      // Nothing reaches the client: the socket is gone before the server writes the status line.
      return clientGone();
    case 'charge-then-408':
      return new Response(null, { status: 408, headers: { Connection: 'close' } });
    default:
      break;
  }
  const text = await answer.text();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text.slice(0, Math.max(1, Math.floor(text.length / 2)))));
      setTimeout(() => controller.error(new Error('connection reset (injected by the sandbox)')), 10);
    },
  });
  return new Response(body, { status: answer.status, headers: answer.headers });
}
