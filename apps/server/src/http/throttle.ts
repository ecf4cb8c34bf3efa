import { AppError } from './errors.ts';

/**
 * Counts attempts (failed sign-ins, reset e-mails) per key in a sliding window. Per-IP limits come from
 * @fastify/rate-limit; this one counts per account, per form, or per account and address pair.
 * Kept in memory as a list of times per key, the shape of a (key, at) table when the counts move to
 * PostgreSQL (issue 17): each API process counts on its own until then (see docs/operations.md).
 */
export type Throttle = ReturnType<typeof createAttemptThrottle>;

export function createAttemptThrottle({
  max,
  windowMs,
  maxKeys = 10_000,
}: {
  max: number;
  windowMs: number;
  /** Oldest keys are dropped beyond this, so that a flood of keys cannot exhaust memory. */
  maxKeys?: number;
}) {
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
    /** Attempts recorded for the key within the window. */
    count(key: string) {
      return recent(key, Date.now()).length;
    },
    record(key: string) {
      const now = Date.now();
      failures.set(key, [...recent(key, now), now]);
      if (failures.size > maxKeys) failures.delete(failures.keys().next().value as string);
    },
    reset(key: string) {
      failures.delete(key);
    },
  };
}
