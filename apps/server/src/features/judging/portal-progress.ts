import { ballotLength, ratingStates } from '@shortlist/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  issueAccessDatasets,
  issueAccesses,
  issueConflicts,
  issueDatasets,
  issues,
  pairwiseJudges,
  pairwiseSeen,
  pairwiseVotes,
} from '../../db/schema/index.ts';
import type { SubmissionInput } from './submission-rules.ts';

/** An item of the row's selection that its judge may see: in the selection, or in their subset. */
const isJudgesItem = (dataset: SQL) => sql`(case when ${issues.accessAllItems}
  then exists (select 1 from ${issueDatasets} where ${issueDatasets.issueId} = ${issues.id} and ${issueDatasets.datasetId} = ${dataset})
  else exists (select 1 from ${issueAccessDatasets} where ${issueAccessDatasets.accessId} = ${issueAccesses.id} and ${issueAccessDatasets.datasetId} = ${dataset})
  end)`;

const notConflicted = (dataset: SQL) =>
  sql`not exists (select 1 from ${issueConflicts} where ${issueConflicts.accessId} = ${issueAccesses.id} and ${issueConflicts.datasetId} = ${dataset})`;

const isPairwise = sql`${issues.resourcetype} = 'PairwiseIssue'`;

/**
 * The figures of one portal row (one judge's access) that the progress needs besides their answers: read
 * in the portal's one statement, as columns of `issue_accesses` joined to its `issues`.
 */
export const progressColumns = {
  total: sql<number>`(case when ${issues.accessAllItems}
    then (select count(*) from ${issueDatasets} where ${issueDatasets.issueId} = ${issues.id})
    else (select count(*) from ${issueAccessDatasets} where ${issueAccessDatasets.accessId} = ${issueAccesses.id})
    end)::integer`,
  /** Their conflicts of interest with their items: those take no answer and are never shown to compare. */
  conflicts: sql<number>`(select count(*) from ${issueConflicts}
    where ${issueConflicts.accessId} = ${issueAccesses.id} and ${isJudgesItem(sql`${issueConflicts.datasetId}`)})::integer`,
  seen: sql<number>`(case when ${isPairwise} then (select count(*) from ${pairwiseSeen}
    where ${pairwiseSeen.accessId} = ${issueAccesses.id} and ${isJudgesItem(sql`${pairwiseSeen.datasetId}`)}
    and ${notConflicted(sql`${pairwiseSeen.datasetId}`)}) else 0 end)::integer`,
  onScreen: sql<boolean>`(${isPairwise} and exists (select 1 from ${pairwiseJudges}
    where ${pairwiseJudges.accessId} = ${issueAccesses.id} and ${pairwiseJudges.nextId} is not null))`,
  comparisons: sql<number>`(case when ${isPairwise} then (select count(*) from ${pairwiseVotes}
    where ${pairwiseVotes.issueId} = ${issues.id} and ${pairwiseVotes.userId} = ${issueAccesses.userId}) else 0 end)::integer`,
};

export type Given = Pick<SubmissionInput, 'answers' | 'comments'>;

interface ProgressInput {
  resourcetype: string;
  nbRanked: number | null;
  figures: { total: number; conflicts: number; seen: number; onScreen: boolean; comparisons: number };
  given: Given;
  criteria: number[];
  submitted: boolean;
}

/** Items given anything: rated in full for a rating selection, commented for a text one, else a value. */
function answeredCount(resourcetype: string, given: Given, criteria: number[]) {
  if (resourcetype === 'RatingIssue') return ratingStates(given.answers, criteria).rated.size;
  const rows = resourcetype === 'TextIssue' ? given.comments : given.answers.filter((a) => a.value !== 0);
  return new Set(rows.map((row) => row.dataset)).size;
}

/**
 * The judge's progress in the selection's own units (decision 165). A ranked ballot counts its places
 * (`ballotLength`, as the submission does), a pairwise judge the items seen and comparisons made, done
 * as their page says it (`pairwise/service.ts`: no item on screen, every item seen).
 */
export function portalProgress({
  resourcetype,
  nbRanked,
  figures,
  given,
  criteria,
  submitted,
}: ProgressInput) {
  const { seen, onScreen, comparisons } = figures;
  // A conflict of interest takes no answer and is never shown to compare: it is not the judge's to do.
  const items = Math.max(0, figures.total - figures.conflicts);
  if (resourcetype === 'PairwiseIssue')
    return {
      total: items,
      answered: Math.min(items, seen),
      comparisons,
      complete: !onScreen && seen >= items,
    };
  if (resourcetype === 'RankedIssue') {
    const places = ballotLength(nbRanked ?? 0, items);
    const filled = Math.min(places, answeredCount(resourcetype, given, criteria));
    return { total: places, answered: filled, comparisons: 0, complete: places > 0 && filled >= places };
  }
  const answered = Math.min(items, answeredCount(resourcetype, given, criteria));
  const isEveryItem = resourcetype === 'RatingIssue' || resourcetype === 'TextIssue';
  return {
    total: items,
    answered,
    comparisons: 0,
    complete: isEveryItem ? items > 0 && answered >= items : submitted,
  };
}
