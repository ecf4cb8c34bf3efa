import { and, eq, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { datasets, datumValues, formSubmissions } from '../../db/schema/index.ts';

/** A submission neither saved, submitted nor cancelled within this time was abandoned midway. */
export const PENDING_SUBMISSION_TTL_MS = 60 * 60 * 1000;

/** Removes abandoned pending submissions: their items, answers and files. */
export async function purgePendingSubmissions(ctx: Pick<AppContext, 'db' | 'files'>, now = new Date()) {
  const abandoned = ctx.db
    .select({ id: formSubmissions.datasetId })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.status, 'pending'),
        lt(formSubmissions.updateTime, new Date(now.getTime() - PENDING_SUBMISSION_TTL_MS)),
      ),
    );
  const { fileKeys, count } = await ctx.db.transaction(async (tx) => {
    const files = await tx
      .delete(datumValues)
      .where(inArray(datumValues.datasetId, abandoned))
      .returning({ fileKey: datumValues.fileKey });
    const removed = await tx
      .delete(datasets)
      .where(inArray(datasets.id, abandoned))
      .returning({ id: datasets.id });
    return { fileKeys: files.map(({ fileKey }) => fileKey), count: removed.length };
  });
  await ctx.files.remove(fileKeys);
  return count;
}
