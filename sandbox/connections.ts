import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { redactApiId } from '@/sandbox/log';

/** Which TCP connection carried a request, and whether that connection had carried one before. */
export interface ConnectionTag {
  /** 1, 2, 3… in the order the sandbox first saw each connection; null in process (`app.fetch`). */
  connection: number | null;
  /** True when the connection had already served an earlier request (a kept-alive connection). */
  reused: boolean;
}

/** One `/api/ingress` request, as the admin's `GET /__sandbox/requests` lists it. */
export interface RequestRecord extends ConnectionTag {
  path: string;
  /** The query string as received, its `apiId` replaced by `***`: a browser's re-send has the same one. */
  query: string;
  /** The injected fault that replaced this request, if any. */
  fault: string | null;
  /** The request's own `Connection` header (`keep-alive`, `close`, or null): what the client asked of the connection. */
  connectionHeader: string | null;
  at: string;
}

/** How many requests per key are remembered: enough for any test, bounded for a long `npm start`. */
const KEEP_PER_KEY = 500;

/**
 * Tags each request with its connection. A browser re-sends a request on its own only when it
 * went out on a reused connection (Chromium's HttpNetworkTransaction::ShouldResendRequest), so
 * tests that look for a re-send must see both which connection served a request and whether it
 * was a reused one. Every request on a connection counts (admin and pages included), as the
 * browser's connection pool sees it.
 */
export class ConnectionLog {
  readonly #sockets = new WeakMap<Socket, { id: number; served: number }>();
  readonly #tags = new WeakMap<IncomingMessage, ConnectionTag>();
  readonly #requests = new Map<string, RequestRecord[]>();
  #next = 1;

  /** The request's tag; the same object however often it is asked for one request. */
  tag(incoming: IncomingMessage | undefined): ConnectionTag {
    if (!incoming) return { connection: null, reused: false };
    const known = this.#tags.get(incoming);
    if (known) return known;
    let socket = this.#sockets.get(incoming.socket);
    if (!socket) {
      socket = { id: this.#next++, served: 0 };
      this.#sockets.set(incoming.socket, socket);
    }
    const tag = { connection: socket.id, reused: socket.served > 0 };
    socket.served += 1;
    this.#tags.set(incoming, tag);
    return tag;
  }

  record(apiId: string, url: URL, tag: ConnectionTag, request: { fault: string | null; connectionHeader: string | null }, at: Date): void {
    const list = this.#requests.get(apiId) ?? [];
    list.push({ path: url.pathname.replace(/^\/api\/ingress/, ''), query: redactApiId(url.search), ...tag, ...request, at: at.toISOString() });
    if (list.length > KEEP_PER_KEY) list.shift();
    this.#requests.set(apiId, list);
  }

  requests(apiId: string): RequestRecord[] {
    return [...(this.#requests.get(apiId) ?? [])];
  }

  reset(): void {
    this.#requests.clear();
  }
}

/** The Node request behind a Hono context served by @hono/node-server (none in process). */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming;
}
