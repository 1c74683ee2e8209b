import { createServer, type Socket } from 'node:net';

/**
 * A minimal HTTP/1.1 server on 127.0.0.1 that keeps every connection alive whatever the
 * request's `Connection` header says, as a non-conforming gateway (or a proxy in front of it)
 * might: it answers `Connection: keep-alive` and never closes. For the measurement of whether a
 * client's own `Connection: close` is enough to keep Chromium off a reused connection.
 * `resetNext()` makes it reset the connection of the next request before any byte of the answer.
 */
export interface StubbornServer {
  url: string;
  received: { path: string; connection: number; reused: boolean; connectionHeader: string | null }[];
  resetNext(): void;
  close(): Promise<void>;
}

export async function startStubbornServer(): Promise<StubbornServer> {
  const received: StubbornServer['received'] = [];
  const sockets = new Set<Socket>();
  let next = 1;
  let resetPending = false;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const id = next++;
    let served = 0;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n\r\n')) >= 0) {
        const head = buffer.slice(0, end);
        buffer = buffer.slice(end + 4);
        const [line = '', ...headers] = head.split('\r\n');
        const connectionHeader = headers.find((h) => /^connection:/i.test(h))?.split(':')[1]?.trim() ?? null;
        received.push({ path: line.split(' ')[1] ?? '', connection: id, reused: served > 0, connectionHeader });
        served += 1;
        if (resetPending) {
          resetPending = false;
          socket.resetAndDestroy();
          return;
        }
        const body = '{"ok":true}';
        socket.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\nAccess-Control-Allow-Origin: *\r\n\r\n${body}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    received,
    resetNext: () => (resetPending = true),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
