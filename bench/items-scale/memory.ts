import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Heap and RSS of this process (server and client alike), sampled while a phase runs. */
export interface MemoryPeak {
  baselineRssMb: number;
  baselineHeapMb: number;
  peakRssMb: number;
  peakHeapMb: number;
}

const SAMPLE_INTERVAL_MS = 50;
const MB = 1024 * 1024;

// A collection before each phase, so that its baseline does not carry the previous phase's garbage.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Runs `work` while sampling process.memoryUsage() every 50 ms; returns its result and the peaks. */
export async function withMemoryPeak<T>(work: () => Promise<T>): Promise<{ result: T; memory: MemoryPeak }> {
  collectGarbage();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const timer = setInterval(sample, SAMPLE_INTERVAL_MS);
  try {
    const result = await work();
    sample();
    return {
      result,
      memory: {
        baselineRssMb: before.rss / MB,
        baselineHeapMb: before.heapUsed / MB,
        peakRssMb: peakRss / MB,
        peakHeapMb: peakHeap / MB,
      },
    };
  } finally {
    clearInterval(timer);
  }
}
