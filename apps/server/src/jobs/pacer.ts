const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A token bucket for the queue's sends: `perMinute` tokens a minute, at most one second's worth
 * saved up. The queue takes tokens before it claims messages, so that a claimed message is sent at
 * once and never waits out its claim behind a slow rate.
 */
export interface Pacer {
  /** Waits for at least one token, then takes up to `max` of those available. */
  take(max: number): Promise<number>;
  /** Gives back tokens taken but not used (fewer messages were due). */
  refund(n: number): void;
}

export function createPacer(perMinute: number, clock: () => number = Date.now): Pacer {
  const perMs = perMinute / 60_000;
  const capacity = Math.max(1, perMinute / 60);
  let tokens = capacity;
  let last = clock();
  const refill = () => {
    const now = clock();
    tokens = Math.min(capacity, tokens + (now - last) * perMs);
    last = now;
  };
  return {
    async take(max) {
      refill();
      if (tokens < 1) {
        await sleep(Math.ceil((1 - tokens) / perMs));
        refill();
      }
      const n = Math.max(1, Math.min(max, Math.floor(tokens)));
      tokens -= n;
      return n;
    },
    refund(n) {
      tokens = Math.min(capacity, tokens + n);
    },
  };
}
