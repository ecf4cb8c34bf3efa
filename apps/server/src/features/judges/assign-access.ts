import { type AssignAccess, type AssignAccessResult, HAS_SUBMISSIONS, NO_ITEMS } from '@shortlist/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import {
  issueAccessDatasets,
  issueAccesses,
  issueConflicts,
  issueDatasets,
  issueSubmissions,
  issues,
} from '../../db/schema/index.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';
import { assignByExpertise } from '../assignment/assign-expertise.ts';
import { uncertaintyDemand } from '../assignment/uncertainty.ts';
import { recordAudit, selectionEntry } from '../audit/record.ts';
import { assignJudges } from './balanced-assignment.ts';

/** Items short of judges, grouped by how many judges they have: what the admin must fix. */
function summariseShort(shortItems: Map<number, number>) {
  const byCount = new Map<number, number>();
  for (const judges of shortItems.values()) byCount.set(judges, (byCount.get(judges) ?? 0) + 1);
  return [...byCount].sort(([a], [b]) => a - b).map(([judges, items]) => ({ judges, items }));
}

/**
 * POST issues/{id}/assign_access/: item subsets for every judge, balanced (balanced-assignment.ts) or by
 * expertise (assignment/assign-expertise.ts), or a second wave on the least sure items (uncertainty.ts),
 * written in one transaction; the selection switches to subsets. `replace` starts from nothing and is
 * refused once judges have submitted; `top_up` keeps every existing pair.
 */
export async function assignAccess(
  ctx: AppContext,
  issue: IssueRow,
  input: AssignAccess,
): Promise<AssignAccessResult> {
  const by = input.by ?? 'balanced';
  // A second wave adds to what judges have.
  const mode = by === 'uncertainty' ? 'top_up' : (input.mode ?? 'replace');
  const [items, judges, submissions, conflicts] = await Promise.all([
    ctx.db
      .select({ id: issueDatasets.datasetId })
      .from(issueDatasets)
      .where(eq(issueDatasets.issueId, issue.id)),
    ctx.db.select({ id: issueAccesses.id }).from(issueAccesses).where(eq(issueAccesses.issueId, issue.id)),
    ctx.db.$count(issueSubmissions, eq(issueSubmissions.issueId, issue.id)),
    ctx.db
      .select({ itemId: issueConflicts.datasetId, judgeId: issueConflicts.accessId })
      .from(issueConflicts)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueConflicts.accessId))
      .where(eq(issueAccesses.issueId, issue.id)),
  ]);
  if (items.length === 0) throw refusal(NO_ITEMS, 'The selection is empty.');
  if (input.judges_per_item > judges.length)
    throw fieldErrors({ judges_per_item: [`Ensure this value is less than or equal to ${judges.length}.`] });
  if (input.fairness && (input.max_pair_probability ?? 1) < 1)
    throw fieldErrors({ fairness: ['Choose fairness or a maximum pair probability, not both.'] });
  if (mode === 'replace' && submissions > 0)
    throw refusal(
      HAS_SUBMISSIONS,
      'Judges have already submitted answers: add to their items instead (top up).',
    );

  const accessIds = judges.map((judge) => judge.id);
  const existing =
    mode === 'top_up'
      ? await ctx.db
          .select({ itemId: issueAccessDatasets.datasetId, judgeId: issueAccessDatasets.accessId })
          .from(issueAccessDatasets)
          .where(inArray(issueAccessDatasets.accessId, accessIds))
      : [];
  const itemIds = items.map((item) => item.id);
  const conflicted = new Set(conflicts.map((pair) => `${pair.judgeId}:${pair.itemId}`));
  const demand =
    by === 'uncertainty'
      ? (
          await uncertaintyDemand(
            ctx,
            issue,
            input,
            existing.filter((pair) => !conflicted.has(`${pair.judgeId}:${pair.itemId}`)),
          )
        ).demand
      : undefined;
  const assignment =
    by === 'balanced'
      ? {
          ...assignJudges({
            itemIds,
            judgeIds: accessIds,
            existing,
            conflicts,
            perItem: input.judges_per_item,
            maxPerJudge: input.max_items_per_judge,
          }),
          quality: null,
          solveMs: 0,
        }
      : await assignByExpertise(ctx, issue, input, { itemIds, existing, conflicts, demand });

  await ctx.db.transaction(async (tx) => {
    if (mode === 'replace')
      await tx.delete(issueAccessDatasets).where(inArray(issueAccessDatasets.accessId, accessIds));
    const pairs = assignment.added.map(({ itemId, judgeId }) => ({ a: judgeId, d: itemId }));
    for (let i = 0; i < pairs.length; i += 5000) {
      await tx.execute(sql`
        insert into ${issueAccessDatasets} (access_id, dataset_id)
        select a, d from json_to_recordset(${JSON.stringify(pairs.slice(i, i + 5000))}::json) as p(a int, d int)
        on conflict do nothing`);
    }
    await tx.update(issues).set({ accessAllItems: false }).where(eq(issues.id, issue.id));
    await recordAudit(tx, {
      ...selectionEntry(issue),
      action: 'access.assigned',
      changes: {
        mode: [null, mode],
        by: [null, by],
        judges_per_item: [null, input.judges_per_item],
        pairs_added: [null, assignment.added.length],
        access_all_items: [issue.accessAllItems, false],
      },
    });
  });
  const loads = [...assignment.loads.values()];
  return {
    nb_judges: judges.length,
    nb_datasets: items.length,
    nb_assigned: assignment.added.length,
    min_datasets_per_judge: Math.min(...loads),
    max_datasets_per_judge: Math.max(...loads),
    short: summariseShort(assignment.shortItems),
    by,
    quality: assignment.quality,
    solve_ms: assignment.solveMs,
  };
}
