// The load of one measurement, run in a process of its own (`fractionalLoad`): autocannon with its
// connections, each response's latency kept to the microsecond. autocannon's own percentiles come from a
// whole-millisecond histogram, which at a 3–5 ms p50 counts 4.9 ms as 4 and 3.1 ms as 3: a ratio anywhere
// from 1.0 to 1.6 read as 1.33.
import { spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** What Chromium asks of every request: the server compresses for it as for a person's browser. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  headers: Record<string, string>;
}

export interface LoadResult {
  /** Milliseconds, of every successful response of the load. */
  latencies: number[];
  requests: number;
  failures: number;
}

async function run(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  // The promise autocannon answers is also its tracker, which its types leave out.
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers,
  }) as unknown as EventEmitter & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
    if (statusCode < 300) latencies.push(ms);
  });
  const result = await instance;
  return {
    latencies,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** Runs the load in a child process, off the event loop of the app it measures. */
export function fractionalLoad(options: LoadOptions): Promise<LoadResult> {
  return loadInChild(import.meta.url, options);
}

/**
 * Runs the load module at `moduleUrl` in a child process: the module runs its load when it is the
 * process's entry (`runAsLoadProcess`) and writes its result as JSON.
 */
export function loadInChild(moduleUrl: string, options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(moduleUrl), JSON.stringify(options)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`load process exited with ${code}`));
    });
  });
}

/** In the child process: runs the load given on the command line, writes its result on stdout. */
export function runAsLoadProcess(moduleUrl: string, load: (options: LoadOptions) => Promise<LoadResult>) {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  load(options).then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

runAsLoadProcess(import.meta.url, run);
