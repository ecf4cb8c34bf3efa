import type { Db } from '../../db/client.ts';
import { selectionRanking } from '../reports/ranking.ts';

/** The first k rows of the report, as the admin sees them; an item nobody rated is never among them. */
export async function topOfReport(db: Db, issueId: number, k: number): Promise<number[]> {
  const ranking = await selectionRanking(db, issueId);
  return ranking
    .filter((item) => item.rank !== null)
    .slice(0, k)
    .map((item) => item.datasetId);
}
