import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * An HTTP/2 server (TLS, self-signed, 127.0.0.1) for the measurement: does Chromium send a GET
 * again on a reused HTTP/2 connection that dropped before any answer, and what becomes of a
 * request that carries `Connection: close` (a header HTTP/2 forbids)?
 */
export interface H2Server {
  url: string;
  received: { path: string; connection: number; reused: boolean; connectionHeader: string | null }[];
  resetNext(): void;
  close(): Promise<void>;
}

export async function startH2Server(): Promise<H2Server> {
  const dir = mkdtempSync(join(tmpdir(), 'resend-h2-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  const server = createSecureServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) });
  rmSync(dir, { recursive: true, force: true });
  const received: H2Server['received'] = [];
  const raw = new Map<number, Socket>();
  const sessions = new WeakMap<object, { id: number; served: number }>();
  let next = 1;
  let resetPending = false;
  server.on('connection', (socket: Socket) => {
    raw.set(socket.remotePort!, socket);
    socket.on('close', () => raw.delete(socket.remotePort!));
    socket.on('error', () => undefined);
  });
  server.on('sessionError', () => undefined);
  server.on('stream', (stream, headers) => {
    stream.on('error', () => undefined);
    let session = sessions.get(stream.session!);
    if (!session) sessions.set(stream.session!, (session = { id: next++, served: 0 }));
    received.push({ path: String(headers[':path']), connection: session.id, reused: session.served > 0, connectionHeader: (headers.connection as string | undefined) ?? null });
    session.served += 1;
    if (resetPending) {
      resetPending = false;
      raw.get(stream.session!.socket.remotePort!)?.resetAndDestroy();
      return;
    }
    stream.respond({ ':status': 200, 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    stream.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `https://127.0.0.1:${port}/`,
    received,
    resetNext: () => (resetPending = true),
    close: () =>
      new Promise((resolve) => {
        for (const socket of raw.values()) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
