import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teams } from '../../db/schema/index.ts';

/**
 * Holds the team's row to the end of the transaction: what checks a count against the package (tags,
 * review statuses) then counts after any other such write of the team, never beside it.
 */
export async function lockTeam(tx: Db, teamId: number) {
  await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}
