import { AppError } from './errors.ts';

/**
 * Counts attempts (failed sign-ins, reset e-mails) per key (an account name) in a sliding window. Per-IP limits come from
 * @fastify/rate-limit; this one stops slow guessing of one account from many addresses.
 * Kept in memory: each API process counts on its own (see docs/operations.md).
 */
export type Throttle = ReturnType<typeof createAttemptThrottle>;

export function createAttemptThrottle({ max, windowMs }: { max: number; windowMs: number }) {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < windowMs);

  return {
    /** Throws 429 when the key has failed too often lately. */
    check(key: string) {
      const now = Date.now();
      const times = recent(key, now);
      failures.set(key, times);
      if (times.length >= max) {
        const retry = Math.ceil((windowMs - (now - (times[0] ?? now))) / 1000);
        throw new AppError(429, {
          code: 'THROTTLED',
          detail: `Too many attempts. Please try again in ${retry} seconds.`,
        });
      }
    },
    record(key: string) {
      const now = Date.now();
      failures.set(key, [...recent(key, now), now]);
      if (failures.size > 10_000) failures.delete(failures.keys().next().value as string);
    },
    reset(key: string) {
      failures.delete(key);
    },
  };
}
