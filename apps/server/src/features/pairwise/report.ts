import { defaultShortlistSize, type PairwiseReport } from '@shortlist/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { datasets, issueAccesses, pairwiseJudges, pairwiseVotes, users } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import { loadItemBeliefs } from './beliefs.ts';
import { reliability } from './crowd-bt.ts';

/** Half the width of a 95 % interval, in standard deviations. */
const Z95 = 1.96;

/**
 * The pairwise report of a selection whose admin the caller was checked to be (`requireIssueAdmin`): items
 * ranked by μ with μ ± 1.96 σ, the top k marked, comparisons per item; each judge's learned reliability and
 * votes. Ties in μ (items never compared) fall back to the title.
 */
export async function loadPairwiseReport(ctx: AppContext, issue: IssueRow): Promise<PairwiseReport> {
  if (issue.resourcetype !== 'PairwiseIssue')
    throw refusal('NOT_PAIRWISE', 'This selection does not compare items in pairs.');
  const issueId = issue.id;
  const [beliefs, titles, judges, votesByUser] = await Promise.all([
    loadItemBeliefs(ctx, issueId),
    ctx.db
      .select({ id: datasets.id, title: datasets.title })
      .from(datasets)
      .where(sql`${datasets.id} IN (SELECT dataset_id FROM issue_datasets WHERE issue_id = ${issueId})`),
    ctx.db
      .select({
        user: issueAccesses.userId,
        first: users.firstName,
        last: users.lastName,
        email: users.email,
        alpha: pairwiseJudges.alpha,
        beta: pairwiseJudges.beta,
      })
      .from(pairwiseJudges)
      .innerJoin(issueAccesses, eq(issueAccesses.id, pairwiseJudges.accessId))
      .innerJoin(users, eq(users.id, issueAccesses.userId))
      .where(eq(pairwiseJudges.issueId, issueId)),
    // One grouped count: each judge's votes, and their sum is the selection's (a removed judge's votes too).
    ctx.db
      .select({ user: pairwiseVotes.userId, n: count() })
      .from(pairwiseVotes)
      .where(eq(pairwiseVotes.issueId, issueId))
      .groupBy(pairwiseVotes.userId),
  ]);
  const votesOf = new Map(votesByUser.map((row) => [row.user, row.n]));
  const titleOf = new Map(titles.map((row) => [row.id, row.title]));
  const k = issue.shortlistSize ?? defaultShortlistSize(beliefs.length);
  const ranked = beliefs
    .map((item) => ({ ...item, title: titleOf.get(item.id) ?? '' }))
    .sort((a, b) => b.mu - a.mu || a.title.localeCompare(b.title) || a.id - b.id);
  return {
    shortlist_size: k,
    votes: votesByUser.reduce((sum, row) => sum + row.n, 0),
    items: ranked.map((item, index) => {
      const sigma = Math.sqrt(item.sigmaSq);
      return {
        dataset: item.id,
        title: item.title,
        rank: index + 1,
        mu: item.mu,
        sigma,
        low: item.mu - Z95 * sigma,
        high: item.mu + Z95 * sigma,
        comparisons: item.comparisons,
        shortlisted: index < k,
      };
    }),
    judges: judges
      .map((row) => ({
        user: row.user,
        name: `${row.first} ${row.last}`.trim() || row.email,
        reliability: reliability(row),
        alpha: row.alpha,
        beta: row.beta,
        votes: votesOf.get(row.user) ?? 0,
      }))
      .sort((a, b) => a.reliability - b.reliability || a.user - b.user),
  };
}
