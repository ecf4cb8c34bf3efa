import {
  MERGE_AVERAGE_DECIMALS,
  type Merge,
  REPORT_VALUE_DECIMALS,
  type ReportFilters,
  TOP_K_DEFAULT_SEED,
  TOP_K_DRAWS,
  TOP_K_PROBABILITY_DECIMALS,
  type TopK,
  topKVerdict,
} from '@shortlist/contract';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issues } from '../../db/schema/index.ts';
import { foldReportChanges } from '../reports/fold.ts';
import {
  groupRows,
  itemIdArraysQuery,
  judgeValueArraysQuery,
  selectRows,
  type ValueFilters,
} from '../reports/item-values.ts';
import { toValueFilters } from '../reports/summary.ts';
import type { IssueRow } from '../selections/access.ts';
import { bootstrapTopK, type SelectionValues } from './bootstrap.ts';

interface JudgeRow {
  issue_id: number;
  user_id: number;
  /** Big-endian int4 and float8, packed (`judgeValueArraysQuery`). */
  items: Uint8Array;
  values: Uint8Array;
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface SelectionSpec {
  id: number;
  resourcetype: string;
  maxRating: number | null;
  weight: number;
}

/** The judges' values and items of the selections, as the report computes them, read in two statements. */
async function readSelections(ctx: AppContext, specs: SelectionSpec[], filters: ValueFilters) {
  const issueIds = specs.map((spec) => spec.id);
  await foldReportChanges(ctx.db, issueIds);
  const [judgeRows, itemRows] = await Promise.all([
    selectRows<JudgeRow>(ctx.db, judgeValueArraysQuery(issueIds, filters)),
    selectRows<{ issue_id: number; datasets: number[] }>(ctx.db, itemIdArraysQuery(issueIds, filters.tags)),
  ]);
  // In a set order: the draws pick judges by position, so the same seed must meet the same judges.
  judgeRows.sort((a, b) => a.issue_id - b.issue_id || a.user_id - b.user_id);
  const judgesOf = groupRows(judgeRows, (row) => row.issue_id);
  const datasetsOf = new Map(itemRows.map((row) => [row.issue_id, row.datasets]));
  return specs.map((spec) => ({
    spec,
    judges: judgesOf.get(spec.id) ?? [],
    datasets: datasetsOf.get(spec.id) ?? [],
  }));
}

/**
 * One selection's judges in the bootstrap's layout, its items placed at `indexOf` in the result. Values of
 * items the report leaves out (its tags filter) are dropped, and judges left with none: only the judges
 * who rated an item of the report are redrawn.
 */
function toSelectionValues(
  { spec, judges, datasets }: Awaited<ReturnType<typeof readSelections>>[number],
  indexOf: Map<number, number>,
): { values: SelectionValues; nbJudges: number } {
  const localOf = new Map(datasets.map((dataset, index) => [dataset, index]));
  const total = judges.reduce((sum, judge) => sum + judge.items.byteLength / 4, 0);
  const judgeItems = new Int32Array(total);
  const judgeValues = new Float64Array(total);
  const starts = [0];
  let next = 0;
  for (const judge of judges) {
    const items = viewOf(judge.items);
    const values = viewOf(judge.values);
    const count = judge.items.byteLength / 4;
    const first = next;
    for (let p = 0; p < count; p++) {
      const local = localOf.get(items.getInt32(p * 4));
      if (local === undefined) continue;
      judgeItems[next] = local;
      judgeValues[next++] = values.getFloat64(p * 8);
    }
    if (next > first) starts.push(next);
  }
  const rating = spec.resourcetype === 'RatingIssue';
  const values: SelectionValues = {
    mean: rating,
    // A rating without a maximum scales to 0, as in the merge's SQL (its `scale > 0` is not true).
    scale: rating ? (spec.maxRating ?? Number.NaN) : null,
    weight: spec.weight,
    items: Int32Array.from(datasets, (dataset) => indexOf.get(dataset) as number),
    judgeStart: Int32Array.from(starts),
    judgeItems: judgeItems.subarray(0, next),
    judgeValues: judgeValues.subarray(0, next),
  };
  return { values, nbJudges: starts.length - 1 };
}

/**
 * The top k of one selection or of a merge of several: each item's probability and verdict, most probable
 * first, then by id. The values are the report's (`judgeValueArraysQuery` over its CTEs), so the draws
 * rank what the report ranks.
 */
async function topKOf(
  ctx: AppContext,
  specs: SelectionSpec[],
  filters: ValueFilters,
  { k, seed, merged }: { k: number; seed: number; merged: boolean },
): Promise<TopK> {
  const selections = await readSelections(ctx, specs, filters);
  const datasets = [...new Set(selections.flatMap((selection) => selection.datasets))];
  const indexOf = new Map(datasets.map((dataset, index) => [dataset, index]));
  const laidOut = selections.map((selection) => toSelectionValues(selection, indexOf));
  const probabilities = bootstrapTopK({
    nbItems: datasets.length,
    selections: laidOut.map((selection) => selection.values),
    k,
    draws: TOP_K_DRAWS,
    seed,
    decimals: merged ? MERGE_AVERAGE_DECIMALS : REPORT_VALUE_DECIMALS,
    merged,
  });
  const factor = 10 ** TOP_K_PROBABILITY_DECIMALS;
  const items = datasets.map((dataset, index) => {
    const probability = Math.round((probabilities[index] as number) * factor) / factor;
    return { dataset, probability, verdict: topKVerdict(probability) };
  });
  items.sort((a, b) => b.probability - a.probability || a.dataset - b.dataset);
  const judges = laidOut.reduce((sum, selection) => sum + selection.nbJudges, 0);
  return { k, draws: TOP_K_DRAWS, seed, judges, items };
}

export interface TopKOptions {
  k: number;
  seed?: number | undefined;
}

/** A selection's top k under the report's filters. */
export function getIssueTopK(
  ctx: AppContext,
  issue: IssueRow,
  filters: ReportFilters,
  { k, seed = TOP_K_DEFAULT_SEED }: TopKOptions,
): Promise<TopK> {
  const spec = { id: issue.id, resourcetype: issue.resourcetype, maxRating: issue.maxRating, weight: 1 };
  return topKOf(ctx, [spec], toValueFilters(filters), { k, seed, merged: false });
}

/** A merge's top k: each selection's judges resampled apart, combined with the merge's weights. */
export async function getMergeTopK(
  ctx: AppContext,
  merge: Merge,
  { normalised = false, k, seed = TOP_K_DEFAULT_SEED }: TopKOptions & { normalised?: boolean | undefined },
): Promise<TopK> {
  const issueIds = merge.issue_merge_infos.map((info) => info.issue.id);
  const rows =
    issueIds.length === 0
      ? []
      : await ctx.db
          .select({ id: issues.id, maxRating: issues.maxRating })
          .from(issues)
          .where(inArray(issues.id, issueIds));
  const maxRatingOf = new Map(rows.map((row) => [row.id, row.maxRating]));
  const specs = merge.issue_merge_infos.map(({ issue, weight }) => ({
    id: issue.id,
    resourcetype: issue.resourcetype,
    maxRating: maxRatingOf.get(issue.id) ?? null,
    weight,
  }));
  return topKOf(ctx, specs, { normalised }, { k, seed, merged: true });
}
