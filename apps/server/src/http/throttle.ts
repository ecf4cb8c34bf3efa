import type { Counters } from './counter-store.ts';
import { AppError } from './errors.ts';

/**
 * Counts attempts (failed sign-ins, reset e-mails) per key in a sliding window. Per-IP limits come from
 * @fastify/rate-limit; this one counts per account, per form, or per account and address pair. The counts
 * live in the app's counters: in PostgreSQL, shared by every process, or in memory on the embedded engine
 * (decision 44).
 */
export type Throttle = ReturnType<typeof createAttemptThrottle>;

export function createAttemptThrottle(
  counters: Counters,
  {
    name,
    max,
    windowMs,
    maxKeys = 10_000,
  }: {
    /** Keeps this limit's keys apart from the others'. */
    name: string;
    max: number;
    windowMs: number;
    /** In memory, oldest keys are dropped beyond this, so that a flood of keys cannot exhaust memory. */
    maxKeys?: number;
  },
) {
  const store = counters.open(name, { maxKeys });

  return {
    /** Throws 429 when the key has failed too often lately. */
    async check(key: string) {
      const { count, oldestAgeMs } = await store.recent(key, windowMs);
      if (count >= max) {
        const retry = Math.ceil((windowMs - oldestAgeMs) / 1000);
        throw new AppError(429, {
          code: 'THROTTLED',
          detail: `Too many attempts. Please try again in ${retry} seconds.`,
        });
      }
    },
    /** Attempts recorded for the key within the window. */
    async count(key: string) {
      return (await store.recent(key, windowMs)).count;
    },
    record(key: string) {
      return store.record(key, windowMs);
    },
    reset(key: string) {
      return store.reset(key);
    },
  };
}
