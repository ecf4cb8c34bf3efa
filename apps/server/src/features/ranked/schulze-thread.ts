import { offThread } from '../../threads/off-thread.ts';
import { type SchulzeResult, schulze } from './schulze.ts';

/**
 * From this many candidates Schulze runs on a worker thread: its m³ takes 15–45 ms at 200 (done here below
 * it), 0.2–0.6 s at 500 and 2–4 s at 1,000, which would hold every other request (decision 163).
 */
export const OFF_THREAD_FROM = 200;

/**
 * The last large matrices and their results: a report read again with no new ballot gets its m³ back for one
 * comparison of the counts (decision 163). A few MB at most: SCHULZE_MAX² cells, twice, RECENT_MAX times.
 */
const RECENT_MAX = 4;
const recent: { d: Buffer; result: SchulzeResult }[] = [];

const onWorker = offThread<{ m: number; d: Int32Array<ArrayBuffer> }, SchulzeResult>(
  new URL('./schulze-worker.ts', import.meta.url),
);

/**
 * `schulze(m, d)`, on the worker thread from OFF_THREAD_FROM candidates, or as computed for the same counts
 * lately; `d` is handed over, not copied. The result is shared: read it, never write it.
 */
export async function schulzeOffThread(m: number, d: Int32Array<ArrayBuffer>): Promise<SchulzeResult> {
  if (m < OFF_THREAD_FROM) return schulze(m, d);
  const counts = Buffer.from(d.buffer.slice(d.byteOffset, d.byteOffset + d.byteLength));
  const known = recent.findIndex((entry) => entry.d.equals(counts));
  const hit = recent.splice(known, known < 0 ? 0 : 1)[0];
  const result = hit?.result ?? (await onWorker({ m, d }, [d.buffer]));
  recent.unshift({ d: counts, result });
  recent.length = Math.min(recent.length, RECENT_MAX);
  return result;
}
