import type { ReportFilters } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import type { IssueRow } from '../../access/team.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { itemsCte } from '../../item-reads/item-values.ts';
import { judgesCte } from '../../item-reads/judge-values.ts';

export type BallotFilters = Pick<ReportFilters, 'only_verified_emails' | 'tags'>;

/** Judges read a page at a time: what is held is one page's arrays and the m × m counts, whatever the jury. */
const JUDGES_A_PAGE = 500;

interface JudgeRow {
  access_id: number;
  /** The judge's ranked items under the filters and their points, in the same order; null: none. */
  ranked: number[] | null;
  points: number[] | null;
  conflicts: number[] | null;
  /** The items of their access; null when the selection gives every judge every item. */
  access: number[] | null;
}

/**
 * One page of judges after `after`, by access id, each with their ranked items under the filters (null:
 * none, not a voter). Paged by the judges, not the voters, so that each page reads only its own judges.
 */
function judgesPage(issue: IssueRow, filters: BallotFilters, after: number, size: number) {
  const access = issue.accessAllItems
    ? sql`NULL::int[]`
    : // An empty subset is none, not every item.
      sql`(SELECT coalesce(array_agg(iad.dataset_id), '{}') FROM issue_access_datasets iad WHERE iad.access_id = j.access_id)`;
  // One grouping over the page's answers, each page's judge joined once: a join of the page to grouped
  // ballots ran the grouping again for each judge where tables just written have no statistics (PGlite).
  return sql`WITH judges AS NOT MATERIALIZED (${judgesCte([issue.id], filters.only_verified_emails)}),
    ${itemsCte([issue.id], filters.tags)}
    SELECT j.access_id,
      array_agg(ans.dataset_id) FILTER (WHERE ans.dataset_id IS NOT NULL) AS ranked,
      array_agg(ans.value) FILTER (WHERE ans.dataset_id IS NOT NULL) AS points,
      (SELECT array_agg(ic.dataset_id) FROM issue_conflicts ic WHERE ic.access_id = j.access_id) AS conflicts,
      ${access} AS access
    FROM (SELECT access_id, user_id FROM judges WHERE access_id > ${after} ORDER BY access_id LIMIT ${size}) j
    LEFT JOIN (
      issue_answers ans JOIN items it ON it.issue_id = ans.issue_id AND it.dataset_id = ans.dataset_id
    ) ON ans.issue_id = ${issue.id} AND ans.user_id = j.user_id
    GROUP BY j.access_id
    ORDER BY j.access_id`;
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
  judgesAPage = JUDGES_A_PAGE,
): Promise<Int32Array<ArrayBuffer>> {
  const m = candidates.length;
  const at = new Map(candidates.map((id, i) => [id, i]));
  const d = new Int32Array(m * m);
  // One voter at a time: their points by candidate (−∞: not ranked, below any point) and the candidates
  // open to them (a subset) or barred (conflicts).
  const points = new Float64Array(m).fill(Number.NEGATIVE_INFINITY);
  const open = new Uint8Array(m);
  const barred = new Uint8Array(m);
  // A voter free to rank every item (the selection's default) puts each of theirs above every candidate,
  // counted here once and added to its row at the end; the pairs where that is wrong are taken back one by
  // one: r² + conflicts a voter, where counting every candidate would be r × m.
  const aboveAll = new Int32Array(m);
  const ranked: number[] = [];
  const indexes = (ids: readonly number[] | null) => (ids ?? []).flatMap((id) => at.get(id) ?? []);
  let after = 0;
  for (;;) {
    const page = await selectRows<JudgeRow>(db, judgesPage(issue, filters, after, judgesAPage));
    for (const voter of page) {
      if (!voter.ranked || !voter.points) continue;
      const given = voter.points;
      ranked.length = 0;
      voter.ranked.forEach((id, k) => {
        const a = at.get(id);
        if (a === undefined) return;
        points[a] = given[k] as number;
        ranked.push(a);
      });
      const conflicts = indexes(voter.conflicts);
      if (voter.access) {
        const rankable = indexes(voter.access);
        for (const b of rankable) open[b] = 1;
        for (const b of conflicts) open[b] = 0;
        for (const a of ranked) {
          const row = a * m;
          const mine = points[a] as number;
          // Itself too: its own points are not below them.
          for (const b of rankable)
            if (open[b] && (points[b] as number) < mine) d[row + b] = (d[row + b] as number) + 1;
        }
        for (const b of rankable) open[b] = 0;
      } else {
        for (const b of conflicts) barred[b] = 1;
        for (const a of ranked) {
          aboveAll[a] = (aboveAll[a] as number) + 1;
          const row = a * m;
          const mine = points[a] as number;
          for (const b of ranked)
            if (b !== a && !barred[b] && (points[b] as number) >= mine)
              d[row + b] = (d[row + b] as number) - 1;
          for (const b of conflicts) if (b !== a) d[row + b] = (d[row + b] as number) - 1;
        }
        for (const b of conflicts) barred[b] = 0;
      }
      for (const a of ranked) points[a] = Number.NEGATIVE_INFINITY;
    }
    const last = page.at(-1);
    if (!last || page.length < judgesAPage) break;
    after = last.access_id;
  }
  for (let a = 0; a < m; a++) {
    const above = aboveAll[a] as number;
    if (above > 0) for (let b = 0; b < m; b++) if (b !== a) d[a * m + b] = (d[a * m + b] as number) + above;
  }
  return d;
}
