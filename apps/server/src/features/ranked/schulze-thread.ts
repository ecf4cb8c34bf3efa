import { Worker } from 'node:worker_threads';
import { type SchulzeResult, schulze } from './schulze.ts';

/**
 * From this many candidates Schulze runs on a worker thread: its m³ takes 15–45 ms at 200 (done here below
 * it), 0.2–0.6 s at 500 and 2–4 s at 1,000, which would hold every other request (decision 163).
 */
export const OFF_THREAD_FROM = 200;

interface Pending {
  resolve: (result: SchulzeResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The last large matrices and their results: a report read again with no new ballot gets its m³ back for one
 * comparison of the counts (decision 163). A few MB at most: SCHULZE_MAX² cells, twice, RECENT_MAX times.
 */
const RECENT_MAX = 4;
const recent: { d: Buffer; result: SchulzeResult }[] = [];

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** One worker, started at the first large matrix and kept; unref'd while idle, so no process waits on it. */
function theWorker() {
  if (worker) return worker;
  const started = new Worker(new URL('./schulze-worker.ts', import.meta.url));
  started.on('message', ({ id, strongest, ranks }: { id: number } & SchulzeResult) => {
    pending.get(id)?.resolve({ strongest, ranks });
    pending.delete(id);
    if (pending.size === 0) started.unref();
  });
  // A worker that fails or exits fails what it was asked; the next matrix starts another.
  const abandon = (error: unknown) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', abandon);
  // Never a reply's text: the report answers a 500 of its own.
  started.on('exit', (code) => abandon(new Error(`Schulze's worker exited (${code})`)));
  worker = started;
  return started;
}

/**
 * `schulze(m, d)`, on the worker thread from OFF_THREAD_FROM candidates, or as computed for the same counts
 * lately; `d` is handed over, not copied. The result is shared: read it, never write it.
 */
export async function schulzeOffThread(m: number, d: Int32Array<ArrayBuffer>): Promise<SchulzeResult> {
  if (m < OFF_THREAD_FROM) return schulze(m, d);
  const counts = Buffer.from(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength));
  const known = recent.findIndex((entry) => entry.d.equals(counts));
  const hit = recent.splice(known, known < 0 ? 0 : 1)[0];
  const result = hit?.result ?? (await onWorker(m, d));
  recent.unshift({ d: counts, result });
  recent.length = Math.min(recent.length, RECENT_MAX);
  return result;
}

function onWorker(m: number, d: Int32Array<ArrayBuffer>): Promise<SchulzeResult> {
  const thread = theWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, m, d }, [d.buffer]);
  });
}
