import { type Planner, spearmanBrown } from '@shortlist/contract';
import { countDistinct, eq, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAnswers } from '../../db/schema/index.ts';
import { getAgreement } from '../agreement/service.ts';

const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** The smallest n with spearmanBrown(α, n) ≥ target (α in (0, 1)). */
function judgesFor(alpha: number, target: number): number {
  const n = Math.ceil((target * (1 - alpha)) / (alpha * (1 - target)) - 1e-9);
  return Math.max(1, n);
}

/**
 * GET issues/{id}/judges_planner/ (issue 54, point 6): from the agreement measured so far, the judges per
 * item a target reliability of the items' means needs. Nothing to plan from while α is unknown or ≤ 0.
 */
export async function planJudges(ctx: AppContext, issue: IssueRow, target: number): Promise<Planner> {
  const [{ alpha }, [counts]] = await Promise.all([
    getAgreement(ctx, issue),
    ctx.db
      .select({
        pairs: sql<number>`count(distinct (${issueAnswers.userId}, ${issueAnswers.datasetId}))::int`,
        items: countDistinct(issueAnswers.datasetId),
      })
      .from(issueAnswers)
      .where(eq(issueAnswers.issueId, issue.id)),
  ]);
  const perItem = counts && counts.items > 0 ? counts.pairs / counts.items : null;
  const usable = alpha !== null && alpha > 0 && alpha < 1;
  return {
    alpha,
    judges_per_item: perItem === null ? null : round(perItem),
    reliability: usable && perItem !== null ? round(spearmanBrown(alpha, perItem)) : null,
    target,
    needed_judges_per_item: usable ? judgesFor(alpha, target) : alpha !== null && alpha >= 1 ? 1 : null,
  };
}
