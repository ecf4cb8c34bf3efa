const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spaces sends evenly at `perMinute`; a pause of up to a second is caught up on, not lost. */
export interface Pacer {
  /** Resolves when the next send may start. */
  slot(): Promise<void>;
}

const CATCH_UP_MS = 1000;

export function createPacer(perMinute: number, clock: () => number = Date.now): Pacer {
  const intervalMs = 60_000 / perMinute;
  let next = 0;
  return {
    async slot() {
      const now = clock();
      const start = Math.max(next, now - CATCH_UP_MS);
      next = start + intervalMs;
      if (start > now) await sleep(start - now);
    },
  };
}
