import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';

export const WORKER_INTERVAL_MS = 5_000;

export type BackgroundTask = (ctx: AppContext) => Promise<unknown>;

/**
 * Runs the background tasks (mail queue, digests, purges) one after another every interval, never
 * two rounds at once; a failing task is logged and tried again next round. `stop` waits for the
 * round under way, so that closing the app never cuts a send in half.
 */
export function startWorker(
  ctx: AppContext,
  tasks: BackgroundTask[],
  { log, intervalMs = WORKER_INTERVAL_MS }: { log: FastifyBaseLogger; intervalMs?: number },
) {
  let round: Promise<void> | null = null;
  let isStopped = false;

  const runRound = async () => {
    for (const task of tasks) {
      if (isStopped) return;
      try {
        await task(ctx);
      } catch (error) {
        log.error({ err: error, task: task.name }, 'background task failed');
      }
    }
  };
  const timer = setInterval(() => {
    // A slow round (an SMTP server timing out) is not joined by the next one.
    if (round) return;
    round = runRound().finally(() => {
      round = null;
    });
  }, intervalMs);
  timer.unref();

  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await round;
    },
  };
}
