import type { BackgroundTask } from '../../jobs/worker.ts';
import { sendScheduledBatches } from './send.ts';

/** Scheduled mailings start sending when their time comes by the database's clock. */
export const emailJobs: BackgroundTask[] = [
  async function startScheduledMailings(ctx) {
    return sendScheduledBatches(ctx);
  },
];
