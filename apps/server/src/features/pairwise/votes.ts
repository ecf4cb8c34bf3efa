import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pairwiseVotes } from '../../db/schema/index.ts';

/** A judge's votes in a pairwise selection. */
export async function countPairwiseVotes(db: Db, issueId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pairwiseVotes)
    .where(and(eq(pairwiseVotes.issueId, issueId), eq(pairwiseVotes.userId, userId)));
  return row?.n ?? 0;
}
