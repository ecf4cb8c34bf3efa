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
import { inArray, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { groupRows } from '../../db/group-rows.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { issues } from '../../db/schema/index.ts';
import { type ItemPart, itemParts, readInParts, VALUES_A_STATEMENT } from '../../item-reads/item-parts.ts';
import { itemIdArraysQuery, itemValueArraysQuery } from '../../item-reads/item-values.ts';
import type { ValueFilters } from '../../item-reads/judge-values.ts';
import { offThread } from '../../threads/off-thread.ts';
import { foldReportChanges } from '../reports/fold.ts';
import { toValueFilters } from '../reports/summary.ts';
import type { BootstrapInput, SelectionValues } from './bootstrap-input.ts';
import { getPairwiseTopK } from './pairwise.ts';

/** Always on its worker: 1,000 draws take 0.2 s at 100 items × 10 judges and 1.6 s at 2,000 × 300. */
const bootstrapOffThread = offThread<BootstrapInput, Float64Array<ArrayBuffer>>(
  new URL('./bootstrap-worker.ts', import.meta.url),
);

interface ItemRow {
  issue_id: number;
  dataset_id: number;
  /** Its judges' user ids and values, big-endian int4 and float8, packed (`itemValueArraysQuery`). */
  judges: Uint8Array;
  values: Uint8Array;
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface SelectionSpec {
  id: number;
  resourcetype: string;
  maxRating: number | null;
  weight: number;
}

/**
 * The judges' values and items of the selections, as the report computes them. The values in one
 * statement, or on the embedded engine in parts of the items (`itemParts`) with the event loop free
 * between two parts: one statement over them all held `/healthz` 41–61 ms at 90,000 answers (decision
 * 231). Only stored values go by parts: a subset of criteria recomputes every value from the answers,
 * whatever the items asked, so each part would cost the whole read.
 */
async function readSelections(
  ctx: AppContext,
  specs: SelectionSpec[],
  filters: ValueFilters,
  valuesAStatement: number,
) {
  const issueIds = specs.map((spec) => spec.id);
  await foldReportChanges(ctx.db, issueIds);
  // Per judge and criterion, the values are mapped from the answers: an item counts its answers.
  const perCriterion = filters.normalised === true && filters.perCriterion === true;
  const parts = filters.criteria?.length
    ? [undefined]
    : await itemParts(ctx.db, issueIds, valuesAStatement, { perCriterion });
  // One statement in a transaction of its own, for two settings of this statement alone: the memory to
  // group 600,000 normalised values per item without spilling to disk (4 MB by default: 33 batches on
  // disk, 1.8–2.8 s against 0.7–0.8 s at load 15–17), and no JIT (its cost passes `jit_above_cost`:
  // 250 ms compiling). A part needs neither, and the transaction's statements cost each part ~2 ms more.
  const readValues = (part: ItemPart) =>
    parts.length > 1
      ? selectRows<ItemRow>(ctx.db, itemValueArraysQuery(issueIds, filters, part))
      : ctx.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('work_mem', '32MB', true), set_config('jit', 'off', true)`);
          return selectRows<ItemRow>(tx, itemValueArraysQuery(issueIds, filters, part));
        });
  const readItems = () =>
    selectRows<{ issue_id: number; datasets: number[] }>(ctx.db, itemIdArraysQuery(issueIds, filters.tags));
  // An item's rows are in one part: the parts' rows together are the whole read's.
  const [valueParts, itemRows] = await Promise.all([readInParts(parts, readValues), readItems()]);
  const valuesOf = groupRows(valueParts.flat(), (row) => row.issue_id);
  const datasetsOf = new Map(itemRows.map((row) => [row.issue_id, row.datasets]));
  return specs.map((spec) => ({
    spec,
    values: valuesOf.get(spec.id) ?? [],
    datasets: datasetsOf.get(spec.id) ?? [],
  }));
}

/**
 * One selection's judges in the bootstrap's layout, its items placed at `indexOf` in the result. Values of
 * items the report leaves out (its tags filter) are dropped, and judges left with none: only the judges
 * who rated an item of the report are redrawn.
 */
function toSelectionValues(
  { spec, values: rows, datasets }: Awaited<ReturnType<typeof readSelections>>[number],
  indexOf: Map<number, number>,
): { values: SelectionValues; nbJudges: number } {
  const localOf = new Map(datasets.map((dataset, index) => [dataset, index]));
  const kept = rows.filter((row) => localOf.has(row.dataset_id));
  const counts = new Map<number, number>();
  for (const row of kept) {
    const judges = viewOf(row.judges);
    for (let p = 0; p < row.judges.byteLength; p += 4) {
      const user = judges.getInt32(p);
      counts.set(user, (counts.get(user) ?? 0) + 1);
    }
  }
  // In user id order: the draws pick judges by position, so the same seed must meet the same judges.
  const users = [...counts.keys()].sort((a, b) => a - b);
  const judgeOf = new Map<number, number>();
  const judgeStart = new Int32Array(users.length + 1);
  users.forEach((user, j) => {
    judgeOf.set(user, j);
    judgeStart[j + 1] = (judgeStart[j] as number) + (counts.get(user) as number);
  });
  const next = judgeStart.slice(0, users.length);
  const judgeItems = new Int32Array(judgeStart[users.length] as number);
  const judgeValues = new Float64Array(judgeItems.length);
  for (const row of kept) {
    const local = localOf.get(row.dataset_id) as number;
    const judges = viewOf(row.judges);
    const values = viewOf(row.values);
    const count = row.judges.byteLength / 4;
    for (let p = 0; p < count; p++) {
      const judge = judgeOf.get(judges.getInt32(p * 4)) as number;
      const slot = next[judge] as number;
      next[judge] = slot + 1;
      judgeItems[slot] = local;
      judgeValues[slot] = values.getFloat64(p * 8);
    }
  }
  const rating = spec.resourcetype === 'RatingIssue';
  const values: SelectionValues = {
    mean: rating,
    // A rating without a maximum scales to 0, as in the merge's SQL (its `scale > 0` is not true).
    scale: rating ? (spec.maxRating ?? Number.NaN) : null,
    weight: spec.weight,
    items: Int32Array.from(datasets, (dataset) => indexOf.get(dataset) as number),
    judgeStart,
    judgeItems,
    judgeValues,
  };
  return { values, nbJudges: users.length };
}

/**
 * The top k of one selection or of a merge of several: each item's probability and verdict, most probable
 * first, then by id. The values are the report's (`itemValueArraysQuery` over its CTEs), so the draws
 * rank what the report ranks.
 */
async function topKOf(
  ctx: AppContext,
  specs: SelectionSpec[],
  filters: ValueFilters,
  {
    k,
    seed,
    merged,
    valuesAStatement,
  }: { k: number; seed: number; merged: boolean; valuesAStatement: number },
): Promise<TopK> {
  const selections = await readSelections(ctx, specs, filters, valuesAStatement);
  const datasets = [...new Set(selections.flatMap((selection) => selection.datasets))];
  const indexOf = new Map(datasets.map((dataset, index) => [dataset, index]));
  const laidOut = selections.map((selection) => toSelectionValues(selection, indexOf));
  const probabilities = await bootstrapOffThread({
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
  /** Values a statement (the engine's by default, `item-parts.ts`): a test reads in small parts. */
  valuesAStatement?: number | undefined;
}

/** A selection's top k under the report's filters; a pairwise one's from its model's beliefs. */
export function getIssueTopK(
  ctx: AppContext,
  issue: IssueRow,
  filters: ReportFilters,
  { k, seed = TOP_K_DEFAULT_SEED, valuesAStatement = VALUES_A_STATEMENT[ctx.engine] }: TopKOptions,
): Promise<TopK> {
  if (issue.resourcetype === 'PairwiseIssue') return getPairwiseTopK(ctx, issue.id, { k, seed });
  const spec = { id: issue.id, resourcetype: issue.resourcetype, maxRating: issue.maxRating, weight: 1 };
  return topKOf(ctx, [spec], toValueFilters(filters), { k, seed, merged: false, valuesAStatement });
}

/** A merge's top k: each selection's judges resampled apart, combined with the merge's weights. */
export async function getMergeTopK(
  ctx: AppContext,
  merge: Merge,
  {
    normalised = false,
    k,
    seed = TOP_K_DEFAULT_SEED,
    valuesAStatement = VALUES_A_STATEMENT[ctx.engine],
  }: TopKOptions & { normalised?: boolean | undefined },
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
  return topKOf(ctx, specs, { normalised }, { k, seed, merged: true, valuesAStatement });
}
