import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { issueAccesses } from '../../db/schema/index.ts';

/** A judge's letters from their place among the selection's judges, from 1: A… Z, AA, AB… ZZ, AAA… */
export function judgeLetters(place: number): string {
  let letters = '';
  for (let n = place; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * The pseudonyms of these judges in this selection, by user id: their letters in the order their access
 * rows were added, so a judge keeps theirs while judges are added (decision 157). The order is the
 * selection's own: another selection's letters tell nothing of these.
 */
export async function judgePseudonyms(ctx: AppContext, issueId: number, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string>();
  const ranked = ctx.db
    .select({
      userId: issueAccesses.userId,
      place: sql<string>`row_number() over (order by ${issueAccesses.id})`.as('place'),
    })
    .from(issueAccesses)
    .where(eq(issueAccesses.issueId, issueId))
    .as('ranked');
  const rows = await ctx.db.select().from(ranked).where(inArray(ranked.userId, userIds));
  return new Map(rows.map((row) => [row.userId, judgeLetters(Number(row.place))]));
}
