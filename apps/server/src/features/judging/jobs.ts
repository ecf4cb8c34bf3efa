import type { BackgroundTask } from '../../jobs/worker.ts';
import { sendSelectionDigests } from './notifications.ts';

/** The selections' daily digests of judges' submissions (queued for the mail sender). */
export const judgingJobs: BackgroundTask[] = [
  async function selectionDigests(ctx) {
    return sendSelectionDigests(ctx);
  },
];
