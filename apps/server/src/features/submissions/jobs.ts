import type { AppContext } from '../../context.ts';
import type { BackgroundTask } from '../../jobs/worker.ts';
import { pruneSpentCaptchas } from '../captcha/service.ts';
import { sendDailyDigests } from './digests.ts';
import { purgePendingSubmissions } from './purge.ts';

/** The form side's background work: digests (queued for the mail sender), purges of abandoned data. */
export const submissionJobs: BackgroundTask[] = [
  (ctx: AppContext) => sendDailyDigests(ctx),
  (ctx: AppContext) => purgePendingSubmissions(ctx),
  (ctx: AppContext) => pruneSpentCaptchas(ctx),
];
