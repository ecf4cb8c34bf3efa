import { type AffinitySource, MATCHED_TERMS_MAX } from '@shortlist/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  issueAccesses,
  issueAffinities,
  issueAssignmentSettings,
  issueExpertise,
  users,
} from '../../db/schema/index.ts';
import { offThread } from '../../threads/off-thread.ts';
import type { WorkerInput, WorkerOutput } from './assignment-worker.ts';
import type { ItemText } from './item-texts.ts';

/** The assignment's worker thread (`assignment-worker.ts`): text affinities, explanations, the solver. */
export const onAssignmentWorker = offThread<WorkerInput, WorkerOutput>(
  new URL('./assignment-worker.ts', import.meta.url),
);

export interface JudgeText {
  accessId: number;
  userId: number;
  name: string;
  email: string;
  text: string;
}

/** The selection's judges with their expertise (empty where none), by access id. */
export function loadJudgeTexts(ctx: AppContext, issue: IssueRow): Promise<JudgeText[]> {
  return ctx.db
    .select({
      accessId: issueAccesses.id,
      userId: issueAccesses.userId,
      name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
      email: users.email,
      text: sql<string>`coalesce(${issueExpertise.text}, '')`,
    })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .leftJoin(issueExpertise, eq(issueExpertise.accessId, issueAccesses.id))
    .where(eq(issueAccesses.issueId, issue.id))
    .orderBy(asc(issueAccesses.id));
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type AssignmentSettings = typeof issueAssignmentSettings.$inferSelect;

/** The selection's settings row, or its defaults when nothing was set yet. */
export async function loadSettings(ctx: AppContext, issueId: number): Promise<AssignmentSettings> {
  const [row] = await ctx.db
    .select()
    .from(issueAssignmentSettings)
    .where(eq(issueAssignmentSettings.issueId, issueId));
  return (
    row ?? {
      issueId,
      biddingDeadline: null,
      affinitySource: 'text',
      eagerBonus: 0.3,
      willingBonus: 0.1,
      upperBound: null,
      boundPairs: null,
      updateTime: new Date(),
    }
  );
}

/** Writes some of the settings, creating the row at its defaults first. */
export async function saveSettings(
  db: Db | Tx,
  issueId: number,
  values: Partial<Omit<AssignmentSettings, 'issueId' | 'updateTime'>>,
) {
  await db
    .insert(issueAssignmentSettings)
    .values({ issueId, ...values })
    .onConflictDoUpdate({
      target: issueAssignmentSettings.issueId,
      set: { ...values, updateTime: new Date() },
    });
}

/** Items × judges affinities, row by item: the uploaded matrix, or the text's (on the worker thread). */
export async function affinityOf(
  ctx: AppContext,
  issue: IssueRow,
  items: ItemText[],
  judges: JudgeText[],
): Promise<{ source: AffinitySource; affinity: Float32Array }> {
  const settings = await loadSettings(ctx, issue.id);
  if (settings.affinitySource === 'uploaded') {
    const affinity = new Float32Array(items.length * judges.length);
    const itemIndex = new Map(items.map((item, i) => [item.id, i]));
    const judgeIndex = new Map(judges.map((judge, j) => [judge.accessId, j]));
    const rows = await ctx.db
      .select({
        accessId: issueAffinities.accessId,
        datasetId: issueAffinities.datasetId,
        score: issueAffinities.score,
      })
      .from(issueAffinities)
      .innerJoin(issueAccesses, eq(issueAccesses.id, issueAffinities.accessId))
      .where(eq(issueAccesses.issueId, issue.id));
    for (const row of rows) {
      const i = itemIndex.get(row.datasetId);
      const j = judgeIndex.get(row.accessId);
      if (i !== undefined && j !== undefined) affinity[i * judges.length + j] = row.score;
    }
    return { source: 'uploaded', affinity };
  }
  const reply = await onAssignmentWorker({
    kind: 'text',
    key: String(issue.id),
    items: items.map((item) => item.text),
    expertise: judges.map((judge) => judge.text),
  });
  if (reply.kind !== 'text') throw new Error('assignment worker: unexpected reply');
  return { source: 'text', affinity: reply.affinity };
}

/** Some pairs' scores and the terms they matched on (none for an uploaded score). */
export async function explainPairs(
  ctx: AppContext,
  issue: IssueRow,
  items: ItemText[],
  judges: JudgeText[],
  pairs: [number, number][],
): Promise<{ scores: number[]; terms: string[][] }> {
  const settings = await loadSettings(ctx, issue.id);
  if (settings.affinitySource === 'uploaded' || pairs.length === 0) {
    const { affinity } = await affinityOf(ctx, issue, items, judges);
    return {
      scores: pairs.map(([i, j]) => affinity[i * judges.length + j] ?? 0),
      terms: pairs.map(() => []),
    };
  }
  const reply = await onAssignmentWorker({
    kind: 'explain',
    key: String(issue.id),
    items: items.map((item) => item.text),
    expertise: judges.map((judge) => judge.text),
    pairs,
    max: MATCHED_TERMS_MAX,
  });
  if (reply.kind !== 'explain') throw new Error('assignment worker: unexpected reply');
  return { scores: reply.scores, terms: reply.terms };
}
