import type { BackgroundTask } from '../../jobs/worker.ts';

/**
 * A partial file this old is a leftover: no upload takes an hour (the largest body at a slow line), and a
 * younger one may be another process's upload under way on the same volume.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;

/** The items' background work: once at start and then hourly, the files of uploads cut short. */
export function itemJobs(): BackgroundTask[] {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return [
    async function removeUploadLeftovers(ctx) {
      const now = Date.now();
      if (now - lastSweep < LEFTOVER_AGE_MS) return 0;
      lastSweep = now;
      return ctx.files.removeLeftovers(new Date(now - LEFTOVER_AGE_MS));
    },
  ];
}
