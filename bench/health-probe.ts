// What a person waiting on any other page meets while a heavy route runs: a `/healthz` due every 100 ms,
// each one's delay counted from when it was due (so a stalled event loop counts in full, not from when the
// probe could finally be sent).
import { percentile } from './bench-app.ts';

export interface HealthProbe<T> {
  result: T;
  /** `work`'s own time, without the wait for the last probe. */
  workMs: number;
  worstHealthMs: number;
  p99HealthMs: number;
  probes: number;
}

export async function withHealthProbe<T>(base: string, work: () => Promise<T>): Promise<HealthProbe<T>> {
  const started = performance.now();
  let done = false;
  const delays: number[] = [];
  const probing = (async () => {
    for (let k = 1; !done; k++) {
      const due = started + k * 100;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      if (done) break;
      const reply = await fetch(`${base}/healthz`);
      await reply.arrayBuffer();
      delays.push(performance.now() - due);
    }
  })();
  const result = await work();
  const workMs = performance.now() - started;
  done = true;
  await probing;
  delays.sort((a, b) => a - b);
  return {
    result,
    workMs,
    worstHealthMs: delays.at(-1) ?? 0,
    p99HealthMs: percentile(delays, 0.99),
    probes: delays.length,
  };
}
