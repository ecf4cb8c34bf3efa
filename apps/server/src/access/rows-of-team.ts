import { invalidPkMessage } from '@shortlist/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { fieldErrors } from '../http/errors.ts';

/** A table of a team's objects: tags, item types, selections, items, review statuses. */
type TeamTable = PgTable & { id: PgColumn; teamId: PgColumn };

/** Ids asked in one statement; a bulk action names up to 100,000 items. */
const CHUNK = 5000;

/** The ids that name no row of the team in `table`, missing or another team's alike, in their order. */
export async function notOfTeam(db: Db, table: TeamTable, teamId: number, ids: readonly number[]) {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.teamId, teamId), inArray(table.id, ids.slice(i, i + CHUNK))));
    for (const row of rows) found.add(row.id as number);
  }
  return ids.filter((id) => !found.has(id));
}

/**
 * A body's ids must name rows of the caller's team: another team's id is a 400 on its field, worded as
 * for a missing one (a path's id answers 404 instead, `requireTeamAdmin`).
 */
export async function requireRowsOfTeam(
  db: Db,
  table: TeamTable,
  teamId: number,
  ids: readonly number[],
  field: string,
) {
  const [missing] = await notOfTeam(db, table, teamId, ids);
  if (missing !== undefined) throw fieldErrors({ [field]: [invalidPkMessage(missing)] });
}
