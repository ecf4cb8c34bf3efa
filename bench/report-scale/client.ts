// The bench's HTTP client: one new connection per request, so that a long SQL run in between never
// leaves a stale keep-alive socket, and no body is kept longer than it is read.
import { createWriteStream } from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const REQUEST_TIMEOUT_MS = 10 * 60_000;

export type BenchClient = ReturnType<typeof benchClient>;

export function benchClient(base: string, accessToken: string) {
  const send = (method: string, url: string, body?: unknown) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const request = http.request(
        `${base}/api/v1${url}`,
        {
          method,
          agent: false,
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            authorization: `Bearer ${accessToken}`,
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        resolve,
      );
      request.on('error', reject);
      request.end(payload);
    });
  const readAll = async (reply: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of reply) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if ((reply.statusCode ?? 500) >= 300) throw new Error(`${reply.statusCode}: ${text.slice(0, 500)}`);
    return text;
  };
  return {
    async json<T>(url: string): Promise<T> {
      return JSON.parse(await readAll(await send('GET', url))) as T;
    },
    /** POST without the signed-in admin's token when the URL carries a judge's. */
    async post(url: string, body: unknown) {
      return readAll(await send('POST', url, body));
    },
    /** Streams the reply to `file`; answers its size in bytes. */
    async download(url: string, file: string) {
      const reply = await send('GET', url);
      if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.statusCode}`);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(reply, counter, createWriteStream(file));
      return bytes;
    },
  };
}
