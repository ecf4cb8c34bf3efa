import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idList, selectRows } from '../../db/raw-rows.ts';
import { reportCtes } from '../../item-reads/item-values.ts';
import { foldAllReportChanges } from './fold.ts';

/** One stored aggregate that its recomputation from the answers does not give; null where a side has no row. */
export interface ReportDifference {
  table:
    | 'report_judge_values'
    | 'report_criterion_sums'
    | 'report_judge_stats'
    | 'report_item_stats'
    | 'report_judge_criterion_sums'
    | 'report_folds';
  issue_id: number;
  /** The item; for a judge's criterion sums, the criterion; null for a judge's statistics (over all items). */
  dataset_id: number | null;
  /**
   * The judge (judge values, judge statistics, a judge's criterion sums), the criterion (criterion sums),
   * null for an item's aggregates.
   */
  of_id: number | null;
  stored: string | null;
  recomputed: string | null;
}

/**
 * Judge values, their z-scores and statistics are float8 sums taken in scan order, and the item sums add
 * those values: equal within this relative error.
 */
const VALUE_TOLERANCE = 1e-9;

/** `a` and `b` differ beyond rounding, or only one of them is null. */
const floatsDiffer = (a: SQL, b: SQL) =>
  sql`((${a}) IS NULL) <> ((${b}) IS NULL)
    OR abs(${a} - ${b}) > ${VALUE_TOLERANCE} * greatest(1, abs(${b}))`;

/**
 * Recomputes every stored report aggregate from the answers (the views of migrations 0008, 0018, 0021 and 0022)
 * and lists the rows that differ, up to `limit` per kind: a missing or extra row, a judge value, its
 * z-score, a judge's mean, σ or number of items, an item's sums (of values and of z-scores), least or greatest value off by
 * more than rounding, a criterion sum (of an item, or of a judge) or a count not exactly equal, and the
 * per-criterion figures stored as current. An empty list means the reports read
 * what the answers say. Every pending change is folded first (decision 84): what a report would read.
 */
export async function findReportDifferences(db: Db, limit = 100): Promise<ReportDifference[]> {
  await foldAllReportChanges(db);
  const differences = await selectRows<ReportDifference>(
    db,
    sql`(SELECT 'report_judge_values' AS "table", coalesce(s.issue_id, r.issue_id) AS issue_id,
        coalesce(s.dataset_id, r.dataset_id) AS dataset_id, coalesce(s.user_id, r.user_id) AS of_id,
        CASE WHEN s.issue_id IS NOT NULL THEN coalesce(s.value::text, 'null') END AS stored,
        CASE WHEN r.issue_id IS NOT NULL THEN coalesce(r.value::text, 'null') END AS recomputed
      FROM report_judge_values s
      FULL JOIN report_judge_values_recomputed r
        ON r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id AND r.user_id = s.user_id
      WHERE s.issue_id IS NULL OR r.issue_id IS NULL
        OR ${floatsDiffer(sql`s.value`, sql`r.value`)}
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
      ORDER BY 2, 3, 4 LIMIT ${limit})
    UNION ALL
    (SELECT 'report_judge_values', s.issue_id, s.dataset_id, s.user_id, concat('z ', coalesce(s.z::text, 'null')),
        concat('z ', coalesce(r.z::text, 'null'))
      FROM report_judge_values s
      JOIN (
        SELECT v.issue_id, v.dataset_id, v.user_id,
          CASE WHEN report_judge_normalised(i.resourcetype, st.nb_values, st.sd) THEN (v.value - st.mean) / st.sd END AS z
        FROM report_judge_values_recomputed v
        JOIN report_judge_stats_recomputed st ON st.issue_id = v.issue_id AND st.user_id = v.user_id
        JOIN issues i ON i.id = v.issue_id
      ) r ON r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id AND r.user_id = s.user_id
      WHERE ${floatsDiffer(sql`s.z`, sql`r.z`)}
      ORDER BY 2, 3, 4 LIMIT ${limit})
    UNION ALL
    (SELECT 'report_judge_stats', coalesce(s.issue_id, r.issue_id), NULL, coalesce(s.user_id, r.user_id),
        CASE WHEN s.issue_id IS NOT NULL THEN concat_ws(' / ', s.nb_values, s.mean, s.sd, 'items', s.nb_items) END,
        CASE WHEN r.issue_id IS NOT NULL THEN concat_ws(' / ', r.nb_values, r.mean, r.sd, 'items', r.nb_items) END
      FROM report_judge_stats s
      FULL JOIN report_judge_stats_recomputed r ON r.issue_id = s.issue_id AND r.user_id = s.user_id
      WHERE s.issue_id IS NULL OR r.issue_id IS NULL OR (s.nb_values, s.nb_items) <> (r.nb_values, r.nb_items)
        OR ${floatsDiffer(sql`s.mean`, sql`r.mean`)} OR ${floatsDiffer(sql`s.sd`, sql`r.sd`)}
      ORDER BY 2, 4 LIMIT ${limit})
    UNION ALL
    (SELECT 'report_item_stats', coalesce(s.issue_id, r.issue_id), coalesce(s.dataset_id, r.dataset_id), NULL,
        CASE WHEN s.issue_id IS NOT NULL
          THEN concat_ws(' / ', s.nb_values, s.nb_rated, s.total, s.total_squares, s.min_value, s.max_value,
            'z', s.nb_z, s.z_total, s.z_squares, s.min_z, s.max_z) END,
        CASE WHEN r.issue_id IS NOT NULL
          THEN concat_ws(' / ', r.nb_values, r.nb_rated, r.total, r.total_squares, r.min_value, r.max_value,
            'z', r.nb_z, r.z_total, r.z_squares, r.min_z, r.max_z) END
      FROM report_item_stats s
      FULL JOIN report_item_stats_recomputed r ON r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id
      WHERE s.issue_id IS NULL OR r.issue_id IS NULL
        OR (s.nb_values, s.nb_rated, s.nb_z) IS DISTINCT FROM (r.nb_values, r.nb_rated, r.nb_z)
        OR ${floatsDiffer(sql`s.total::float8`, sql`r.total::float8`)}
        OR ${floatsDiffer(sql`s.total_squares::float8`, sql`r.total_squares::float8`)}
        OR ${floatsDiffer(sql`s.min_value`, sql`r.min_value`)} OR ${floatsDiffer(sql`s.max_value`, sql`r.max_value`)}
        OR ${floatsDiffer(sql`s.z_total::float8`, sql`r.z_total::float8`)}
        OR ${floatsDiffer(sql`s.z_squares::float8`, sql`r.z_squares::float8`)}
        OR ${floatsDiffer(sql`s.min_z`, sql`r.min_z`)} OR ${floatsDiffer(sql`s.max_z`, sql`r.max_z`)}
      ORDER BY 2, 3 LIMIT ${limit})
    UNION ALL
    (SELECT 'report_judge_criterion_sums', coalesce(s.issue_id, r.issue_id), coalesce(s.criterion, r.criterion),
        coalesce(s.user_id, r.user_id),
        CASE WHEN s.issue_id IS NOT NULL THEN concat_ws(' / ', s.nb_answers, s.total, s.squares) END,
        CASE WHEN r.issue_id IS NOT NULL THEN concat_ws(' / ', r.nb_answers, r.total, r.squares) END
      FROM report_judge_criterion_sums s
      FULL JOIN report_judge_criterion_sums_recomputed r
        ON r.issue_id = s.issue_id AND r.user_id = s.user_id AND r.criterion = s.criterion
      WHERE (s.nb_answers, s.total, s.squares) IS DISTINCT FROM (r.nb_answers, r.total, r.squares)
      ORDER BY 2, 3, 4 LIMIT ${limit})`,
  );
  return [...differences, ...(await criterionFigureDifferences(db, limit))];
}

/**
 * The per-criterion figures stored as current (`report_folds`) against the same figures computed by the
 * report from the answers and each judge's criterion sums (themselves compared with the answers above):
 * the rounded mean, σ and range exactly, the largest value within rounding, and the judges left raw
 * stored beside them. Figures marked stale are rewritten by the next read of that view: not compared.
 */
async function criterionFigureDifferences(db: Db, limit: number): Promise<ReportDifference[]> {
  const current = await selectRows<{ issue_id: number }>(
    db,
    sql`SELECT f.issue_id FROM report_folds f JOIN issues i ON i.id = f.issue_id AND i.resourcetype = 'RatingIssue'
      WHERE f.criterion_figures_fold = f.nb_folds`,
  );
  if (current.length === 0) return [];
  const figures = (alias: string) =>
    sql.raw(`concat_ws(' / ', ${['mean', 'stdev', 'range', 'max'].map((f) => `${alias}.${f}`).join(', ')})`);
  return selectRows<ReportDifference>(
    db,
    sql`WITH ${reportCtes(
      current.map((row) => row.issue_id),
      { normalised: true, perCriterion: true },
    )}
    SELECT 'report_item_stats' AS "table", s.issue_id, s.dataset_id, NULL::int AS of_id,
      concat('per criterion ', ${figures('s')}) AS stored, concat('per criterion ', ${figures('r')}) AS recomputed
    FROM (
      SELECT issue_id, dataset_id, crit_mean AS mean, crit_stdev AS stdev, crit_range AS range, crit_max AS max
      FROM report_item_stats WHERE issue_id IN (${idList(current.map((row) => row.issue_id))})
    ) s
    LEFT JOIN (
      SELECT issue_id, dataset_id, mean, stdev, range, max_value AS max FROM item_values
    ) r ON r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id
    WHERE (s.mean, s.stdev, s.range) IS DISTINCT FROM (r.mean, r.stdev, r.range)
      OR ${floatsDiffer(sql`s.max`, sql`r.max`)}
    UNION ALL
    SELECT 'report_folds', f.issue_id, NULL, NULL, concat('raw judges ', f.criterion_raw_judges::text),
      concat('raw judges ', r.users::text)
    FROM report_folds f LEFT JOIN raw_judges r ON r.issue_id = f.issue_id
    WHERE f.issue_id IN (${idList(current.map((row) => row.issue_id))})
      AND f.criterion_raw_judges IS DISTINCT FROM r.users
    ORDER BY 2, 3 NULLS FIRST LIMIT ${limit}`,
  );
}

/**
 * `npm run admin -- verify-reports`: the pending changes folded first (what any report read does), then
 * the differences, one a line, or a line saying there are none.
 */
export async function verifyReportsCommand(db: Db): Promise<{ lines: string[]; isConsistent: boolean }> {
  const taken = await foldAllReportChanges(db);
  const folded = taken > 0 ? [`Folded ${taken} pending report changes first.`] : [];
  const differences = await findReportDifferences(db);
  if (differences.length === 0) {
    return {
      lines: [...folded, 'Reports are consistent: every stored value equals its recomputation.'],
      isConsistent: true,
    };
  }
  return {
    lines: [
      ...folded,
      `${differences.length} stored report values differ from the answers (at most 100 per table shown):`,
      ...differences.map(
        (d) =>
          `${d.table} issue ${d.issue_id}${d.dataset_id === null ? '' : ` ${d.table === 'report_judge_criterion_sums' ? 'criterion' : 'item'} ${d.dataset_id}`}${d.of_id === null ? '' : ` ${d.table === 'report_criterion_sums' ? 'criterion' : 'judge'} ${d.of_id}`}: stored ${d.stored ?? 'missing'}, answers give ${d.recomputed ?? 'nothing'}`,
      ),
    ],
    isConsistent: false,
  };
}
