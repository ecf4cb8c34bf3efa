import type { BackgroundTask } from '../../jobs/worker.ts';
import { deliverWebhooks } from './deliver.ts';

export const webhookJobs: BackgroundTask[] = [
  async function deliverDueWebhooks(ctx, control) {
    return deliverWebhooks(ctx, undefined, { isStopped: control.isStopped });
  },
];
