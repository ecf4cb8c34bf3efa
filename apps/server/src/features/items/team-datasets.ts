import { invalidPkMessage } from '@shortlist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';

/** Every id must name an item of the team: another team's item is a 400 on the field, like a missing one. */
export async function requireTeamDatasets(db: Db, teamId: number, ids: number[], field = 'datasets') {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(eq(datasets.teamId, teamId), inArray(datasets.id, ids.slice(i, i + 5000))));
    for (const row of rows) found.add(row.id);
  }
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw fieldErrors({ [field]: [invalidPkMessage(missing)] });
}
