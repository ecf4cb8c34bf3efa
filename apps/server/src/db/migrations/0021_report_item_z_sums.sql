ALTER TABLE "report_item_stats" ADD COLUMN "nb_z" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_item_stats" ADD COLUMN "z_total" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_item_stats" ADD COLUMN "z_squares" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_item_stats" ADD COLUMN "min_z" double precision;--> statement-breakpoint
ALTER TABLE "report_item_stats" ADD COLUMN "max_z" double precision;--> statement-breakpoint
CREATE INDEX "report_judge_values_item_z" ON "report_judge_values" USING btree ("issue_id","dataset_id","z");
--> statement-breakpoint
-- Each item's z-score aggregates recomputed from the answers, for `npm run admin -- verify-reports`: the z of a
-- value as the refresh below computes it, over the judges' recomputed statistics.
CREATE OR REPLACE VIEW "report_item_stats_recomputed" AS
  SELECT v.issue_id, v.dataset_id, count(*)::int AS nb_values, count(v.value)::int AS nb_rated,
    coalesce(sum(report_exact(v.value)), 0) AS total,
    coalesce(sum(report_exact(v.value) * report_exact(v.value)), 0) AS total_squares,
    min(v.value) AS min_value, max(v.value) AS max_value,
    count(z.z)::int AS nb_z, coalesce(sum(report_exact(z.z)), 0) AS z_total,
    coalesce(sum(report_exact(z.z) * report_exact(z.z)), 0) AS z_squares, min(z.z) AS min_z, max(z.z) AS max_z
  FROM report_judge_values_recomputed v
  JOIN report_judge_stats_recomputed st ON st.issue_id = v.issue_id AND st.user_id = v.user_id
  JOIN issues i ON i.id = v.issue_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN report_judge_normalised(i.resourcetype, st.nb_values, st.sd) THEN (v.value - st.mean) / st.sd END AS z
  ) z
  GROUP BY v.issue_id, v.dataset_id;
--> statement-breakpoint
-- Migration 0020's refresh, and the items' z-score sums moved like their value sums: a value that leaves
-- takes its z with it, and the z-scores rewritten for the judges touched move their items' sums by the
-- difference, read in the statement that rewrites them (a new value's z is null until then); then the
-- least and greatest z-score of the items touched either way.
CREATE OR REPLACE FUNCTION report_refresh_judge_values(issue_ids integer[], user_ids integer[], dataset_ids integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item_issue_ids integer[];
  item_dataset_ids integer[];
  z_issue_ids integer[];
  z_dataset_ids integer[];
BEGIN
  EXECUTE $q$
    WITH keys AS (
      SELECT DISTINCT k.issue_id, k.user_id, k.dataset_id FROM unnest($1, $2, $3) AS k(issue_id, user_id, dataset_id)
    ),
    outcome AS (
      SELECT k.issue_id, k.user_id, k.dataset_id, r.value, r.issue_id IS NOT NULL AS answered
      FROM keys k LEFT JOIN (
        SELECT * FROM report_judge_values_recomputed
        WHERE issue_id = ANY($4) AND user_id = ANY($5) AND dataset_id = ANY($6)
      ) r ON r.issue_id = k.issue_id AND r.user_id = k.user_id AND r.dataset_id = k.dataset_id
    ),
    changes AS (
      SELECT o.issue_id, o.dataset_id, o.answered, o.value, s.issue_id IS NOT NULL AS stored, s.value AS stored_value,
        CASE WHEN NOT o.answered THEN s.z END AS removed_z
      FROM outcome o LEFT JOIN report_judge_values s
        ON s.issue_id = o.issue_id AND s.dataset_id = o.dataset_id AND s.user_id = o.user_id
      WHERE o.answered <> (s.issue_id IS NOT NULL) OR o.value IS DISTINCT FROM s.value
    ),
    removed AS (
      DELETE FROM report_judge_values s USING outcome o
      WHERE NOT o.answered AND s.issue_id = o.issue_id AND s.user_id = o.user_id AND s.dataset_id = o.dataset_id
    ),
    written AS (
      INSERT INTO report_judge_values AS s (issue_id, dataset_id, user_id, value)
      SELECT issue_id, dataset_id, user_id, value FROM outcome WHERE answered
      ORDER BY issue_id, dataset_id, user_id
      ON CONFLICT (issue_id, dataset_id, user_id) DO UPDATE SET value = excluded.value
      WHERE s.value IS DISTINCT FROM excluded.value
    ),
    moves AS (
      SELECT issue_id, dataset_id, -1 AS sign, stored_value AS value, removed_z AS z FROM changes WHERE stored
      UNION ALL
      SELECT issue_id, dataset_id, 1, value, NULL FROM changes WHERE answered
    ),
    items AS (
      INSERT INTO report_item_stats AS s (issue_id, dataset_id, nb_values, nb_rated, total, total_squares,
        nb_z, z_total, z_squares)
      SELECT issue_id, dataset_id, sum(sign)::int, coalesce(sum(sign) FILTER (WHERE value IS NOT NULL), 0)::int,
        coalesce(sum(sign * report_exact(value)), 0), coalesce(sum(sign * report_exact(value) * report_exact(value)), 0),
        coalesce(sum(sign) FILTER (WHERE z IS NOT NULL), 0)::int,
        coalesce(sum(sign * report_exact(z)), 0), coalesce(sum(sign * report_exact(z) * report_exact(z)), 0)
      FROM moves GROUP BY issue_id, dataset_id
      ORDER BY issue_id, dataset_id
      ON CONFLICT (issue_id, dataset_id) DO UPDATE
      SET nb_values = s.nb_values + excluded.nb_values, nb_rated = s.nb_rated + excluded.nb_rated,
        total = s.total + excluded.total, total_squares = s.total_squares + excluded.total_squares,
        nb_z = s.nb_z + excluded.nb_z, z_total = s.z_total + excluded.z_total,
        z_squares = s.z_squares + excluded.z_squares
      RETURNING issue_id, dataset_id
    )
    SELECT array_agg(issue_id), array_agg(dataset_id) FROM items
  $q$ USING issue_ids, user_ids, dataset_ids,
    ARRAY(SELECT DISTINCT unnest(issue_ids)),
    ARRAY(SELECT DISTINCT unnest(user_ids)),
    ARRAY(SELECT DISTINCT unnest(dataset_ids))
  INTO item_issue_ids, item_dataset_ids;
  IF item_issue_ids IS NOT NULL THEN
    EXECUTE $q$
      WITH items AS (SELECT k.issue_id, k.dataset_id FROM unnest($1, $2) AS k(issue_id, dataset_id)),
      emptied AS (
        DELETE FROM report_item_stats s USING items i
        WHERE s.issue_id = i.issue_id AND s.dataset_id = i.dataset_id AND s.nb_values <= 0
      )
      UPDATE report_item_stats s SET
        min_value = (SELECT min(v.value) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id),
        max_value = (SELECT max(v.value) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id)
      FROM items i WHERE s.issue_id = i.issue_id AND s.dataset_id = i.dataset_id AND s.nb_values > 0
    $q$ USING item_issue_ids, item_dataset_ids;
  END IF;
  EXECUTE $q$
    WITH judges AS (
      SELECT DISTINCT k.issue_id, k.user_id FROM unnest($1, $2) AS k(issue_id, user_id)
    ),
    outcome AS (
      SELECT j.issue_id, j.user_id, st.nb_values, st.mean, st.sd, st.issue_id IS NOT NULL AS rated
      FROM judges j LEFT JOIN (
        SELECT issue_id, user_id, count(value)::int AS nb_values, avg(value) AS mean, stddev_pop(value) AS sd
        FROM report_judge_values WHERE issue_id = ANY($3) AND user_id = ANY($4)
        GROUP BY issue_id, user_id
      ) st ON st.issue_id = j.issue_id AND st.user_id = j.user_id
    ),
    removed AS (
      DELETE FROM report_judge_stats s USING outcome o
      WHERE NOT o.rated AND s.issue_id = o.issue_id AND s.user_id = o.user_id
    )
    INSERT INTO report_judge_stats AS s (issue_id, user_id, nb_values, mean, sd)
    SELECT issue_id, user_id, nb_values, mean, sd FROM outcome WHERE rated
    ORDER BY issue_id, user_id
    ON CONFLICT (issue_id, user_id) DO UPDATE
    SET nb_values = excluded.nb_values, mean = excluded.mean, sd = excluded.sd
    WHERE (s.nb_values, s.mean, s.sd) IS DISTINCT FROM (excluded.nb_values, excluded.mean, excluded.sd)
  $q$ USING issue_ids, user_ids,
    ARRAY(SELECT DISTINCT unnest(issue_ids)),
    ARRAY(SELECT DISTINCT unnest(user_ids));
  EXECUTE $q$
    WITH z_scores AS (
      SELECT v.issue_id, v.dataset_id, v.user_id, v.z AS old_z,
        CASE WHEN report_judge_normalised(i.resourcetype, s.nb_values, s.sd) THEN (v.value - s.mean) / s.sd END AS z
      FROM (SELECT DISTINCT k.issue_id, k.user_id FROM unnest($1, $2) AS k(issue_id, user_id)) j
      JOIN report_judge_stats s ON s.issue_id = j.issue_id AND s.user_id = j.user_id
      JOIN issues i ON i.id = j.issue_id
      JOIN report_judge_values v ON v.issue_id = j.issue_id AND v.user_id = j.user_id
    ),
    changed AS (
      UPDATE report_judge_values v SET z = z_scores.z
      FROM z_scores
      WHERE v.issue_id = z_scores.issue_id AND v.dataset_id = z_scores.dataset_id AND v.user_id = z_scores.user_id
        AND v.z IS DISTINCT FROM z_scores.z
      RETURNING z_scores.issue_id, z_scores.dataset_id, z_scores.old_z, z_scores.z
    ),
    moved AS (
      UPDATE report_item_stats s SET nb_z = s.nb_z + d.nb_z, z_total = s.z_total + d.z_total,
        z_squares = s.z_squares + d.z_squares
      FROM (
        SELECT issue_id, dataset_id, (count(z) - count(old_z))::int AS nb_z,
          coalesce(sum(report_exact(z)), 0) - coalesce(sum(report_exact(old_z)), 0) AS z_total,
          coalesce(sum(report_exact(z) * report_exact(z)), 0) - coalesce(sum(report_exact(old_z) * report_exact(old_z)), 0) AS z_squares
        FROM changed GROUP BY issue_id, dataset_id
      ) d
      WHERE s.issue_id = d.issue_id AND s.dataset_id = d.dataset_id
      RETURNING s.issue_id, s.dataset_id
    )
    SELECT array_agg(issue_id), array_agg(dataset_id) FROM moved
  $q$ USING issue_ids, user_ids
  INTO z_issue_ids, z_dataset_ids;
  -- The least and greatest z-score of every item whose values or z-scores changed, read back by index.
  EXECUTE $q$
    UPDATE report_item_stats s SET
      min_z = (SELECT min(v.z) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id),
      max_z = (SELECT max(v.z) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id)
    FROM (SELECT DISTINCT k.issue_id, k.dataset_id FROM unnest($1 || $3, $2 || $4) AS k(issue_id, dataset_id)) i
    WHERE s.issue_id = i.issue_id AND s.dataset_id = i.dataset_id
  $q$ USING coalesce(item_issue_ids, '{}'), coalesce(item_dataset_ids, '{}'),
    coalesce(z_issue_ids, '{}'), coalesce(z_dataset_ids, '{}');
END $$;
--> statement-breakpoint
-- Backfill: the z-score aggregates of the values already stored.
UPDATE report_item_stats s SET nb_z = z.nb_z, z_total = z.z_total, z_squares = z.z_squares,
  min_z = z.min_z, max_z = z.max_z
FROM (
  SELECT issue_id, dataset_id, count(z)::int AS nb_z, coalesce(sum(report_exact(z)), 0) AS z_total,
    coalesce(sum(report_exact(z) * report_exact(z)), 0) AS z_squares, min(z) AS min_z, max(z) AS max_z
  FROM report_judge_values GROUP BY issue_id, dataset_id
) z
WHERE s.issue_id = z.issue_id AND s.dataset_id = z.dataset_id;
