// The load of an export's first row, in a process of its own: each connection asks for the download,
// takes the time its reply starts (the export reads its first rows before it replies), and leaves it.
// Node's own HTTP client, not `fetch`: on the two cores the server shares with its load, the client's part
// of the machine's CPU was 1.9 ms a request with undici's fetch and 1.1 ms with this, the server's own the
// same (autocannon, for the other cases, cannot leave a reply midway).
import { request } from 'node:http';
import {
  BROWSER_HEADERS,
  type LoadOptions,
  type LoadResult,
  loadInChild,
  runAsLoadProcess,
} from '../lists-floor/load-process.ts';

async function run({ url, connections, durationS, headers }: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let requests = 0;
  let failures = 0;
  const end = Date.now() + durationS * 1000;
  const download = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      requests += 1;
      const asked = request(url, { headers: { ...BROWSER_HEADERS, ...headers }, agent: false }, (reply) => {
        if (reply.statusCode === 200) latencies.push(performance.now() - start);
        else failures += 1;
        asked.destroy();
        resolve();
      });
      asked.on('error', () => {
        failures += 1;
        resolve();
      });
      asked.end();
    });
  const connection = async () => {
    while (Date.now() < end) await download();
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return { latencies, requests, failures };
}

/** Runs the load in a child process, off the event loop of the app it measures. */
export function firstByteLoad(options: LoadOptions): Promise<LoadResult> {
  return loadInChild(import.meta.url, options);
}

runAsLoadProcess(import.meta.url, run);
