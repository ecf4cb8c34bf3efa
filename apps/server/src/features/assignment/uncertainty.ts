import {
  type AssignAccess,
  NO_ANSWERS_YET,
  NO_ANSWERS_YET_DETAIL,
  reportQuerySchema,
} from '@shortlist/contract';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { getIssueTopK } from '../top-k/service.ts';

interface Pair {
  itemId: number;
  judgeId: number;
}

/**
 * `by: uncertainty` (issue 54, point 6): the judges each item should have after a second wave. The report's
 * "How sure" (a bootstrap over judges, decision 102) gives each item's probability of the top `cutoff`; the
 * items nearest an even chance — neither surely in nor surely out — get `judges_per_item` more judges, the
 * `uncertain_items` least sure first; every other item keeps what it has. Conflicted pairs do not count.
 */
export async function uncertaintyDemand(
  ctx: AppContext,
  issue: IssueRow,
  input: AssignAccess,
  existing: Pair[],
): Promise<{ demand: Map<number, number>; chosen: number[] }> {
  if (input.cutoff === undefined) throw fieldErrors({ cutoff: ['This field is required.'] });
  const topK = await getIssueTopK(ctx, issue, reportQuerySchema.parse({}), { k: input.cutoff });
  if (topK.judges === 0) throw refusal(NO_ANSWERS_YET, NO_ANSWERS_YET_DETAIL);
  const unsure = topK.items
    .filter((item) => item.probability > 0 && item.probability < 1)
    .sort((a, b) => Math.abs(a.probability - 0.5) - Math.abs(b.probability - 0.5) || a.dataset - b.dataset)
    .slice(0, input.uncertain_items ?? topK.items.length)
    .map((item) => item.dataset);
  const demand = new Map<number, number>();
  for (const pair of existing) demand.set(pair.itemId, (demand.get(pair.itemId) ?? 0) + 1);
  for (const itemId of unsure) demand.set(itemId, (demand.get(itemId) ?? 0) + input.judges_per_item);
  return { demand, chosen: unsure };
}
