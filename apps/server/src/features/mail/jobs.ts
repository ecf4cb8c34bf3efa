import type { Config } from '../../config.ts';
import { createPacer } from '../../jobs/pacer.ts';
import type { BackgroundTask } from '../../jobs/worker.ts';
import { drainMailQueue } from './queue.ts';

/** The queue's sender: mass e-mail goes out at MAIL_RATE_PER_MINUTE, kept across the worker's runs. */
export function mailJobs(config: Pick<Config, 'mailRatePerMinute'>): BackgroundTask[] {
  const pacer = createPacer(config.mailRatePerMinute);
  return [
    async function sendQueuedMail(ctx, control) {
      return drainMailQueue(ctx, undefined, { pacer, isStopped: control.isStopped });
    },
  ];
}
