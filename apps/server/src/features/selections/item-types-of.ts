import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { dataModels, datasets, issueDatasets } from '../../db/schema/index.ts';

/**
 * A selection's item types, as a subquery (for `inArray`): its own when set, else those of its items —
 * adding items does not set a selection's item type. Blind review's questions are theirs.
 */
export function itemTypesOf(ctx: AppContext, issue: { id: number; dataModelId: number | null }) {
  if (issue.dataModelId !== null)
    return ctx.db.select({ id: dataModels.id }).from(dataModels).where(eq(dataModels.id, issue.dataModelId));
  return ctx.db
    .selectDistinct({ id: datasets.dataModelId })
    .from(issueDatasets)
    .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
    .where(eq(issueDatasets.issueId, issue.id));
}
