import type { ReportFilters } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemsCte, judgesCte, selectRows } from '../reports/item-values.ts';
import type { IssueRow } from '../selections/access.ts';

export type BallotFilters = Pick<ReportFilters, 'only_verified_emails' | 'tags'>;

/** Voters read a page at a time: what is held is one page's arrays and the m × m counts, whatever the jury. */
const VOTERS_A_PAGE = 250;

interface VoterRow {
  access_id: number;
  /** The voter's ranked items under the filters and their points, in the same order. */
  ranked: number[];
  points: number[];
  conflicts: number[] | null;
  /** The items of their access; null when the selection gives every judge every item. */
  access: number[] | null;
}

/** One page of voters (judges with a ranked item under the filters) after `after`, by access id. */
function votersPage(issue: IssueRow, filters: BallotFilters, after: number, size: number) {
  const access = issue.accessAllItems
    ? sql`NULL::int[]`
    : sql`(SELECT array_agg(iad.dataset_id) FROM issue_access_datasets iad WHERE iad.access_id = j.access_id)`;
  return sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], filters.only_verified_emails)}),
    ${itemsCte([issue.id], filters.tags)}
    SELECT j.access_id, b.ranked, b.points,
      (SELECT array_agg(ic.dataset_id) FROM issue_conflicts ic WHERE ic.access_id = j.access_id) AS conflicts,
      ${access} AS access
    FROM judges j
    CROSS JOIN LATERAL (
      SELECT array_agg(ans.dataset_id) AS ranked, array_agg(ans.value) AS points
      FROM issue_answers ans JOIN items it ON it.issue_id = ans.issue_id AND it.dataset_id = ans.dataset_id
      WHERE ans.issue_id = ${issue.id} AND ans.user_id = j.user_id
    ) b
    WHERE b.ranked IS NOT NULL AND j.access_id > ${after}
    ORDER BY j.access_id
    LIMIT ${size}`;
}

/**
 * How many ballots put each candidate above each other one (`d[i * m + j]`, candidates indexed as given: the
 * items on some ballot under the filters), counted here from the ballots (decision 163). A judge prefers an
 * item they ranked to one they ranked lower (fewer points; equal points, no preference), and to one they
 * could have ranked and left off (in their access, no conflict); an item they could not rank gets no
 * preference from them (docs/judging.md). Run inside the report's snapshot, so the pages agree with Borda.
 */
export async function countPreferences(
  db: Db,
  issue: IssueRow,
  filters: BallotFilters,
  candidates: readonly number[],
  votersAPage = VOTERS_A_PAGE,
): Promise<Int32Array<ArrayBuffer>> {
  const m = candidates.length;
  const at = new Map(candidates.map((id, i) => [id, i]));
  const d = new Int32Array(m * m);
  // One voter at a time: their points by candidate (−∞: not ranked, below any point) and what they could rank.
  const points = new Float64Array(m).fill(Number.NEGATIVE_INFINITY);
  const could = new Uint8Array(m);
  const rankable = new Int32Array(m);
  const ranked: number[] = [];
  let after = 0;
  for (;;) {
    const page = await selectRows<VoterRow>(db, votersPage(issue, filters, after, votersAPage));
    for (const voter of page) {
      const mark = (ids: readonly number[], value: number) => {
        for (const id of ids) {
          const b = at.get(id);
          if (b !== undefined) could[b] = value;
        }
      };
      if (voter.access) mark(voter.access, 1);
      else could.fill(1);
      mark(voter.conflicts ?? [], 0);
      let n = 0;
      for (let b = 0; b < m; b++) if (could[b]) rankable[n++] = b;
      ranked.length = 0;
      voter.ranked.forEach((id, k) => {
        const a = at.get(id);
        if (a === undefined) return;
        points[a] = voter.points[k] as number;
        ranked.push(a);
      });
      for (const a of ranked) {
        const row = a * m;
        const mine = points[a] as number;
        // Itself too: its own points are not below them.
        for (let r = 0; r < n; r++) {
          const b = rankable[r] as number;
          if ((points[b] as number) < mine) d[row + b] = (d[row + b] as number) + 1;
        }
      }
      for (const a of ranked) points[a] = Number.NEGATIVE_INFINITY;
      could.fill(0);
    }
    const last = page.at(-1);
    if (!last || page.length < votersAPage) return d;
    after = last.access_id;
  }
}
