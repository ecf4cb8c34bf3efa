// The load of an export's first row, in a process of its own: each connection asks for the download,
// takes the time its reply starts (the export reads its first rows before it replies), and leaves it.
import {
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
  const connection = async () => {
    while (Date.now() < end) {
      const leave = new AbortController();
      const start = performance.now();
      requests += 1;
      try {
        const reply = await fetch(url, { headers, signal: leave.signal });
        if (reply.status === 200) latencies.push(performance.now() - start);
        else failures += 1;
      } catch {
        failures += 1;
      }
      leave.abort();
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return { latencies, requests, failures };
}

/** Runs the load in a child process, off the event loop of the app it measures. */
export function firstByteLoad(options: LoadOptions): Promise<LoadResult> {
  return loadInChild(import.meta.url, options);
}

runAsLoadProcess(import.meta.url, run);
