ALTER TABLE "report_judge_values" ADD COLUMN "z" double precision;--> statement-breakpoint
CREATE INDEX "report_judge_values_item_value" ON "report_judge_values" USING btree ("issue_id","dataset_id","value","z");--> statement-breakpoint
-- Whether a judge's values are normalised in the report (docs/judging.md): a rating judge with at least
-- NORMALISE_MIN_RATINGS (contract: 3) values and some spread. The one definition, for the triggers, the
-- report computed from the answers and `verify-reports`.
CREATE FUNCTION report_judge_normalised(resourcetype text, nb_values bigint, sd double precision)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(resourcetype = 'RatingIssue' AND nb_values >= 3 AND sd > 0, false)
$$;
--> statement-breakpoint
-- Migration 0018's refresh, then the z-scores of every value of the judges it touched: a judge's new
-- value moves their mean and σ, hence the z of all their values (2,000 rows at most per selection).
CREATE OR REPLACE FUNCTION report_refresh_judge_values(issue_ids integer[], user_ids integer[], dataset_ids integer[])
RETURNS void LANGUAGE plpgsql AS $$
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
    removed AS (
      DELETE FROM report_judge_values s USING outcome o
      WHERE NOT o.answered AND s.issue_id = o.issue_id AND s.user_id = o.user_id AND s.dataset_id = o.dataset_id
    )
    INSERT INTO report_judge_values AS s (issue_id, dataset_id, user_id, value)
    SELECT issue_id, dataset_id, user_id, value FROM outcome WHERE answered
    ORDER BY issue_id, dataset_id, user_id
    ON CONFLICT (issue_id, dataset_id, user_id) DO UPDATE SET value = excluded.value
    WHERE s.value IS DISTINCT FROM excluded.value
  $q$ USING issue_ids, user_ids, dataset_ids,
    ARRAY(SELECT DISTINCT unnest(issue_ids)),
    ARRAY(SELECT DISTINCT unnest(user_ids)),
    ARRAY(SELECT DISTINCT unnest(dataset_ids));
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
    UPDATE report_judge_values v SET z = z_scores.z
    FROM (
      SELECT v.issue_id, v.dataset_id, v.user_id,
        CASE WHEN report_judge_normalised(i.resourcetype, s.nb_values, s.sd) THEN (v.value - s.mean) / s.sd END AS z
      FROM (SELECT DISTINCT k.issue_id, k.user_id FROM unnest($1, $2) AS k(issue_id, user_id)) j
      JOIN report_judge_stats s ON s.issue_id = j.issue_id AND s.user_id = j.user_id
      JOIN issues i ON i.id = j.issue_id
      JOIN report_judge_values v ON v.issue_id = j.issue_id AND v.user_id = j.user_id
    ) z_scores
    WHERE v.issue_id = z_scores.issue_id AND v.dataset_id = z_scores.dataset_id AND v.user_id = z_scores.user_id
      AND v.z IS DISTINCT FROM z_scores.z
  $q$ USING issue_ids, user_ids;
END $$;
--> statement-breakpoint
-- Backfill: the z-scores of the values already stored.
UPDATE report_judge_values v
  SET z = CASE WHEN report_judge_normalised(i.resourcetype, s.nb_values, s.sd) THEN (v.value - s.mean) / s.sd END
  FROM report_judge_stats s, issues i
  WHERE s.issue_id = v.issue_id AND s.user_id = v.user_id AND i.id = v.issue_id;
