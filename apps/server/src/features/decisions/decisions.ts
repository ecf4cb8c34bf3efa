import type { Decision, ItemDecision, SetDecisions, setDecisionsSchema } from '@shortlist/contract';
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, issueDatasets, issues, itemDecisions } from '../../db/schema/index.ts';
import { type AuditWrite, recordAudit } from '../audit/record.ts';
import { topOfReport } from './report-picks.ts';

const CHUNK = 5000;

/** The items a bulk decision is for: the ticked ones, or the first k of the selection's report. */
async function targetItems(ctx: AppContext, teamId: number, input: z.output<typeof setDecisionsSchema>) {
  if (input.issue !== undefined) await requireRowsOfTeam(ctx.db, issues, teamId, [input.issue], 'issue');
  if (input.top !== undefined && input.issue !== undefined)
    return topOfReport(ctx.db, input.issue, input.top);
  const ids = [...new Set(input.datasets ?? [])];
  await requireRowsOfTeam(ctx.db, datasets, teamId, ids, 'datasets');
  return ids;
}

/**
 * Sets the decision of each item, pending until a decisions mailing sends it (nothing reaches an
 * applicant before: docs/emails.md, "Decisions"). `null` withdraws a pending decision: the item is back to
 * what was last sent, or to none. Each change is an audit entry of the item; an unchanged item counts for
 * nothing.
 */
export async function setDecisions(
  ctx: AppContext,
  team: TeamRow,
  input: SetDecisions & z.output<typeof setDecisionsSchema>,
) {
  const ids = await targetItems(ctx, team.id, input);
  let updated = 0;
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const before = new Map(
        (
          await tx
            .select({ id: itemDecisions.datasetId, decision: itemDecisions.decision })
            .from(itemDecisions)
            .where(inArray(itemDecisions.datasetId, chunk))
        ).map((row) => [row.id, row.decision as Decision]),
      );
      const changed = await writeDecisions(tx, team.id, chunk, input.decision);
      updated += changed.length;
      const entries: AuditWrite[] = changed.map(({ id, decision }) => ({
        teamId: team.id,
        action: 'decision.set',
        objectType: 'item',
        objectId: id,
        changes: { decision: [before.get(id) ?? null, decision] },
      }));
      await recordAudit(tx, entries);
    }
  });
  return { updated };
}

/** The rows that changed, with the decision each now holds (null: none any more). */
async function writeDecisions(
  tx: Db,
  teamId: number,
  ids: number[],
  decision: Decision | null,
): Promise<{ id: number; decision: Decision | null }[]> {
  if (decision === null) {
    const removed = await tx
      .delete(itemDecisions)
      .where(and(inArray(itemDecisions.datasetId, ids), isNull(itemDecisions.sentDecision)))
      .returning({ id: itemDecisions.datasetId });
    const restored = await tx
      .update(itemDecisions)
      .set({ decision: sql`${itemDecisions.sentDecision}`, setTime: sql`now()` })
      .where(
        and(
          inArray(itemDecisions.datasetId, ids),
          isNotNull(itemDecisions.sentDecision),
          ne(itemDecisions.decision, sql`${itemDecisions.sentDecision}`),
        ),
      )
      .returning({ id: itemDecisions.datasetId, decision: itemDecisions.decision });
    return [
      ...removed.map((row) => ({ id: row.id, decision: null })),
      ...restored.map((row) => ({ id: row.id, decision: row.decision as Decision })),
    ];
  }
  const rows = await tx
    .insert(itemDecisions)
    .values(ids.map((datasetId) => ({ datasetId, teamId, decision })))
    .onConflictDoUpdate({
      target: itemDecisions.datasetId,
      set: { decision, setTime: sql`now()` },
      setWhere: sql`${itemDecisions.decision} <> ${decision}`,
    })
    .returning({ id: itemDecisions.datasetId });
  return rows.map((row) => ({ id: row.id, decision }));
}

const toItemDecision = (row: typeof itemDecisions.$inferSelect): ItemDecision => ({
  dataset: row.datasetId,
  decision: row.decision as Decision,
  sent_decision: row.sentDecision as Decision | null,
  pending: row.decision !== row.sentDecision,
  set_time: row.setTime.toISOString(),
  sent_time: row.sentTime?.toISOString() ?? null,
});

/** The team's decisions, or those of one selection's items. */
export async function listDecisions(ctx: AppContext, teamId: number, issueId?: number) {
  if (issueId !== undefined) await requireRowsOfTeam(ctx.db, issues, teamId, [issueId], 'issue');
  const rows =
    issueId === undefined
      ? await ctx.db
          .select()
          .from(itemDecisions)
          .where(eq(itemDecisions.teamId, teamId))
          .orderBy(asc(itemDecisions.datasetId))
      : (
          await ctx.db
            .select({ decision: itemDecisions })
            .from(itemDecisions)
            .innerJoin(
              issueDatasets,
              and(eq(issueDatasets.datasetId, itemDecisions.datasetId), eq(issueDatasets.issueId, issueId)),
            )
            .orderBy(asc(itemDecisions.datasetId))
        ).map((row) => row.decision);
  return rows.map(toItemDecision);
}
