// The worker thread of `schulzeOffThread`: Schulze's strongest paths for one matrix a message. Imports
// nothing but schulze.ts, so that Node loads it under tsx, vitest or its own type stripping alike.
import { parentPort } from 'node:worker_threads';
import { schulze } from './schulze.ts';

parentPort?.on('message', ({ id, m, d }: { id: number; m: number; d: Int32Array<ArrayBuffer> }) => {
  const { strongest, ranks } = schulze(m, d);
  parentPort?.postMessage({ id, strongest, ranks }, [strongest.buffer, ranks.buffer]);
});
