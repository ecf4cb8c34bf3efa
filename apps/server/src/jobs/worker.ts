import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';

export const WORKER_INTERVAL_MS = 5_000;

export interface TaskControl {
  /** True once the worker stops: a long task finishes what it holds and takes nothing more. */
  isStopped(): boolean;
}
export type BackgroundTask = (ctx: AppContext, control: TaskControl) => Promise<unknown>;

/**
 * Runs each background task (mail queue, digests, purges) every interval, each on its own so that
 * a long one (a batch of mass e-mail going out at its rate) never holds back the others, and never
 * two runs of one task at once. A failing task is logged and tried again at the next interval.
 * `stop` waits for the runs under way, so that closing the app never cuts a send in half.
 */
export function startWorker(
  ctx: AppContext,
  tasks: BackgroundTask[],
  {
    log,
    intervalMs = WORKER_INTERVAL_MS,
    onFailure,
  }: { log: FastifyBaseLogger; intervalMs?: number; onFailure?: (task: string) => void },
) {
  let isStopped = false;
  const control: TaskControl = { isStopped: () => isStopped };
  const running = new Map<BackgroundTask, Promise<void>>();

  const tick = () => {
    for (const task of tasks) {
      if (isStopped || running.has(task)) continue;
      const run = task(ctx, control)
        .then(() => undefined)
        .catch((error: unknown) => {
          log.error({ err: error, task: task.name }, 'background task failed');
          onFailure?.(task.name || 'anonymous');
        })
        .finally(() => running.delete(task));
      running.set(task, run);
    }
  };
  // A first round at once: a process restarted after a crash takes over its queue without waiting.
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();

  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
