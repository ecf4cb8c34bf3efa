import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from './item-values.ts';

/** One stored aggregate that its recomputation from the answers does not give; null where a side has no row. */
export interface ReportDifference {
  table: 'report_judge_values' | 'report_criterion_sums';
  issue_id: number;
  dataset_id: number;
  /** The judge (judge values) or the criterion (criterion sums). */
  of_id: number;
  stored: string | null;
  recomputed: string | null;
}

/** Judge values are float8 sums taken in scan order: equal within this relative error. */
const VALUE_TOLERANCE = 1e-9;

/**
 * Recomputes every stored report aggregate from the answers (the views of migration 0008) and lists
 * the rows that differ, up to `limit`: a missing or extra row, a judge value off by more than rounding,
 * a criterion sum or count not exactly equal. An empty list means the reports read what the answers say.
 */
export function findReportDifferences(db: Db, limit = 100): Promise<ReportDifference[]> {
  return selectRows<ReportDifference>(
    db,
    sql`(SELECT 'report_judge_values' AS "table", coalesce(s.issue_id, r.issue_id) AS issue_id,
        coalesce(s.dataset_id, r.dataset_id) AS dataset_id, coalesce(s.user_id, r.user_id) AS of_id,
        CASE WHEN s.issue_id IS NOT NULL THEN coalesce(s.value::text, 'null') END AS stored,
        CASE WHEN r.issue_id IS NOT NULL THEN coalesce(r.value::text, 'null') END AS recomputed
      FROM report_judge_values s
      FULL JOIN report_judge_values_recomputed r
        ON r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id AND r.user_id = s.user_id
      WHERE s.issue_id IS NULL OR r.issue_id IS NULL
        OR (s.value IS NULL) <> (r.value IS NULL)
        OR abs(s.value - r.value) > ${VALUE_TOLERANCE} * greatest(1, abs(r.value))
      ORDER BY 2, 3, 4 LIMIT ${limit})
    UNION ALL
    (SELECT 'report_criterion_sums', coalesce(s.issue_id, r.issue_id), coalesce(s.dataset_id, r.dataset_id),
        coalesce(s.question_id, r.question_id),
        CASE WHEN s.issue_id IS NOT NULL THEN s.total::text || ' / ' || s.nb_answers END,
        CASE WHEN r.issue_id IS NOT NULL THEN r.total::text || ' / ' || r.nb_answers END
      FROM report_criterion_sums s
      FULL JOIN report_criterion_sums_recomputed r
        ON r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id AND r.question_id = s.question_id
      WHERE (s.total, s.nb_answers) IS DISTINCT FROM (r.total, r.nb_answers)
      ORDER BY 2, 3, 4 LIMIT ${limit})`,
  );
}

/** `npm run admin -- verify-reports`: the differences, one a line, or a line saying there are none. */
export async function verifyReportsCommand(db: Db): Promise<{ lines: string[]; isConsistent: boolean }> {
  const differences = await findReportDifferences(db);
  if (differences.length === 0) {
    return {
      lines: ['Reports are consistent: every stored value equals its recomputation.'],
      isConsistent: true,
    };
  }
  return {
    lines: [
      `${differences.length} stored report values differ from the answers (at most 100 per table shown):`,
      ...differences.map(
        (d) =>
          `${d.table} issue ${d.issue_id} item ${d.dataset_id} ${d.table === 'report_judge_values' ? 'judge' : 'criterion'} ${d.of_id}: stored ${d.stored ?? 'missing'}, answers give ${d.recomputed ?? 'nothing'}`,
      ),
    ],
    isConsistent: false,
  };
}
