import { eq, inArray, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { dataModels, datasets, issueDatasets } from '../../db/schema/index.ts';

/**
 * A selection's item types, as a subquery (for `inArray`): its own, if set, and those of its items —
 * adding items does not set a selection's item type, and its items may be of several. Blind review's
 * questions are theirs.
 */
export function itemTypesOf(ctx: AppContext, issue: { id: number; dataModelId: number | null }) {
  const ofItems = ctx.db
    .select({ id: datasets.dataModelId })
    .from(issueDatasets)
    .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
    .where(eq(issueDatasets.issueId, issue.id));
  return ctx.db
    .select({ id: dataModels.id })
    .from(dataModels)
    .where(
      or(
        issue.dataModelId === null ? undefined : eq(dataModels.id, issue.dataModelId),
        inArray(dataModels.id, ofItems),
      ),
    );
}
