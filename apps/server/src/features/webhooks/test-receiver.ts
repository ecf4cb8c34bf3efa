import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  path: string;
}

/**
 * A webhook receiver on a loopback address that keeps what it got and counts the connections made to
 * it (a refused target must see none). It answers with the next status of `statuses` (then 200), or as
 * `answer` says (a redirect's Location).
 */
export async function startReceiver(
  options: {
    host?: string;
    /** A port of its own by default. */
    port?: number;
    answer?: (path: string) => { status: number; location?: string } | undefined;
  } = {},
) {
  const host = options.host ?? '127.0.0.1';
  const received: Received[] = [];
  const statuses: number[] = [];
  let connections = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path });
      const answer = options.answer?.(path);
      response.statusCode = answer?.status ?? statuses.shift() ?? 200;
      if (answer?.location) response.setHeader('location', answer.location);
      response.end('ok');
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: `${origin}/hook`,
    origin,
    port,
    received,
    statuses,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
