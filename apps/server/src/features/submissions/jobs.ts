import type { AppContext } from '../../context.ts';
import { pruneSpentCaptchas } from '../captcha/service.ts';
import { drainMailQueue } from '../mail/queue.ts';
import type { BackgroundTask } from '../mail/worker.ts';
import { sendDailyDigests } from './digests.ts';
import { purgePendingSubmissions } from './purge.ts';

/** What the app's worker does each round, in this order: digests queue mail that the drain then sends. */
export const submissionJobs: BackgroundTask[] = [
  (ctx: AppContext) => sendDailyDigests(ctx),
  (ctx: AppContext) => drainMailQueue(ctx),
  (ctx: AppContext) => purgePendingSubmissions(ctx),
  (ctx: AppContext) => pruneSpentCaptchas(ctx),
];
