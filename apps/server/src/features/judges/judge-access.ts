import { randomBytes } from 'node:crypto';
import {
  invalidPkMessage,
  JUDGE_ALREADY_SUBMITTED,
  JUDGE_ALREADY_SUBMITTED_MESSAGE,
} from '@shortlist/contract';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  issueAccessDatasets,
  issueAccesses,
  issueConflicts,
  issueDatasets,
  issueSubmissions,
  users,
} from '../../db/schema/index.ts';
import { fieldErrors, refusal } from '../../http/errors.ts';

export type AccessRow = typeof issueAccesses.$inferSelect;

export const invalidPk = (id: number) => [invalidPkMessage(id)];

export const alreadySubmitted = () => refusal(JUDGE_ALREADY_SUBMITTED, JUDGE_ALREADY_SUBMITTED_MESSAGE);

/** The secret of a personal link: 32 url-safe characters. */
export const newAccessToken = () => randomBytes(24).toString('base64url');

export function answerLink(ctx: AppContext, issueId: number, token: string): string {
  const url = new URL(`/selection/${issueId}/answer`, ctx.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Whether the judge has submitted, as a column of a query over issue_accesses. */
export const hasSubmittedColumn = sql<boolean>`exists (select 1 from ${issueSubmissions} where ${issueSubmissions.issueId} = ${issueAccesses.issueId} and ${issueSubmissions.userId} = ${issueAccesses.userId})`;

/**
 * A judge of the selection with their user and whether they have submitted; anyone else is refused
 * as an unknown id of `field`, whatever team they belong to.
 */
export async function requireJudge(db: Db, issueId: number, userId: number, field = 'user') {
  const [row] = await db
    .select({ access: issueAccesses, user: users, hasSubmitted: hasSubmittedColumn })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .where(and(eq(issueAccesses.issueId, issueId), eq(issueAccesses.userId, userId)));
  if (!row) throw fieldErrors({ [field]: invalidPk(userId) });
  return row;
}

/**
 * Locks the judge's access row until the transaction ends. A submission holds it while it checks and writes
 * the judge's answers, so that a change of the judge's items waits for it and then sees it (issue 27).
 */
export async function lockAccess(tx: Db, accessId: number) {
  await tx
    .select({ id: issueAccesses.id })
    .from(issueAccesses)
    .where(eq(issueAccesses.id, accessId))
    .for('update');
}

/**
 * Whether giving each judge only their subset would take an item from a judge who has submitted: an item of
 * the selection outside their subset, but one they have a conflict with (they never answer it). The rule of
 * taking one item from such a judge (`setDatasetsAccess`), for the switch from "all items" to "a subset per
 * judge" (issue 27): their answers were given on what they saw.
 */
export async function wouldTakeItemsFromSubmitted(db: Db, issueId: number): Promise<boolean> {
  // The judge's pair with the item in a table of (access, item) pairs: their subset, their conflicts.
  const pairIn = (table: typeof issueAccessDatasets | typeof issueConflicts) =>
    db
      .select({ n: sql`1` })
      .from(table)
      .where(and(eq(table.accessId, issueAccesses.id), eq(table.datasetId, issueDatasets.datasetId)));
  const [lost] = await db
    .select({ user: issueSubmissions.userId })
    .from(issueSubmissions)
    .innerJoin(
      issueAccesses,
      and(
        eq(issueAccesses.issueId, issueSubmissions.issueId),
        eq(issueAccesses.userId, issueSubmissions.userId),
      ),
    )
    .innerJoin(issueDatasets, eq(issueDatasets.issueId, issueSubmissions.issueId))
    .where(
      and(
        eq(issueSubmissions.issueId, issueId),
        notExists(pairIn(issueAccessDatasets)),
        notExists(pairIn(issueConflicts)),
      ),
    )
    .limit(1);
  return lost !== undefined;
}
