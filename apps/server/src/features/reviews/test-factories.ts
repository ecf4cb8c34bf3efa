import { dataModels, datasets } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

/** An item (with its own item type) of the team, written directly: reviews only need its id. */
export async function createDataset(t: TestApp, teamId: number, title = 'An item') {
  const [model] = await t.db.insert(dataModels).values({ teamId, title: 'Startups' }).returning();
  if (!model) throw new Error('no data model');
  const [dataset] = await t.db.insert(datasets).values({ dataModelId: model.id, teamId, title }).returning();
  if (!dataset) throw new Error('no dataset');
  return dataset.id;
}
