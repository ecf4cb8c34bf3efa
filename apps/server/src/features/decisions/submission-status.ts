import type { Decision, SubmissionStatus } from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { itemDecisions } from '../../db/schema/index.ts';
import { requireSubmission } from '../submissions/tokens.ts';

/**
 * What the respondent's edit link shows, whatever the form allows to edit: whether the response was
 * submitted, and the decision once a decisions mailing has sent it, never the pending one.
 */
export async function submissionStatus(
  ctx: AppContext,
  id: number,
  token: string,
): Promise<SubmissionStatus> {
  const submission = await requireSubmission(ctx.db, { id, token });
  const [decision] = await ctx.db
    .select({ sent: itemDecisions.sentDecision, time: itemDecisions.sentTime })
    .from(itemDecisions)
    .where(eq(itemDecisions.datasetId, submission.datasetId));
  return {
    is_submitted: submission.status === 'submitted',
    submit_time: submission.submitTime?.toISOString() ?? null,
    decision: (decision?.sent ?? null) as Decision | null,
    decision_time: decision?.sent ? (decision.time?.toISOString() ?? null) : null,
  };
}
