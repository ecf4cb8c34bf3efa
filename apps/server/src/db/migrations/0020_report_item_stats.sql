CREATE TABLE "report_item_stats" (
	"issue_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"nb_values" integer NOT NULL,
	"nb_rated" integer NOT NULL,
	"total" numeric NOT NULL,
	"total_squares" numeric NOT NULL,
	"min_value" double precision,
	"max_value" double precision,
	CONSTRAINT "report_item_stats_issue_id_dataset_id_pk" PRIMARY KEY("issue_id","dataset_id")
);
--> statement-breakpoint
-- A float8 value as numeric within about 1e-28 of it: the cast alone keeps 15 significant digits; the
-- remainder (exact: the two are within a factor of 2) adds the next 15. Sums of these are exact and the
-- same in any order, so the item sums below move by increments without drifting.
CREATE FUNCTION report_exact(value double precision) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT value::numeric + (value - value::numeric::float8)::numeric
$$;
--> statement-breakpoint
-- Each item's aggregates recomputed from the answers, for `npm run admin -- verify-reports`.
CREATE VIEW "report_item_stats_recomputed" AS
  SELECT issue_id, dataset_id, count(*)::int AS nb_values, count(value)::int AS nb_rated,
    coalesce(sum(report_exact(value)), 0) AS total,
    coalesce(sum(report_exact(value) * report_exact(value)), 0) AS total_squares,
    min(value) AS min_value, max(value) AS max_value
  FROM report_judge_values_recomputed
  GROUP BY issue_id, dataset_id;
--> statement-breakpoint
-- Migration 0019's refresh, and the items' aggregates: the statement that writes the judge values also
-- moves each touched item's counts and exact sums by the values that leave (−) and come (+), read from the
-- same snapshot, and answers the items it changed; their least and greatest value are then read back from
-- `report_judge_values_item_value` (two index probes an item), and an item left with no value loses its row.
CREATE OR REPLACE FUNCTION report_refresh_judge_values(issue_ids integer[], user_ids integer[], dataset_ids integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  item_issue_ids integer[];
  item_dataset_ids integer[];
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
      SELECT o.issue_id, o.dataset_id, o.answered, o.value, s.issue_id IS NOT NULL AS stored, s.value AS stored_value
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
      SELECT issue_id, dataset_id, -1 AS sign, stored_value AS value FROM changes WHERE stored
      UNION ALL
      SELECT issue_id, dataset_id, 1, value FROM changes WHERE answered
    ),
    items AS (
      INSERT INTO report_item_stats AS s (issue_id, dataset_id, nb_values, nb_rated, total, total_squares)
      SELECT issue_id, dataset_id, sum(sign)::int, coalesce(sum(sign) FILTER (WHERE value IS NOT NULL), 0)::int,
        coalesce(sum(sign * report_exact(value)), 0), coalesce(sum(sign * report_exact(value) * report_exact(value)), 0)
      FROM moves GROUP BY issue_id, dataset_id
      ORDER BY issue_id, dataset_id
      ON CONFLICT (issue_id, dataset_id) DO UPDATE
      SET nb_values = s.nb_values + excluded.nb_values, nb_rated = s.nb_rated + excluded.nb_rated,
        total = s.total + excluded.total, total_squares = s.total_squares + excluded.total_squares
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
-- Backfill: the aggregates of the values already stored.
INSERT INTO report_item_stats (issue_id, dataset_id, nb_values, nb_rated, total, total_squares, min_value, max_value)
  SELECT issue_id, dataset_id, count(*)::int, count(value)::int, coalesce(sum(report_exact(value)), 0),
    coalesce(sum(report_exact(value) * report_exact(value)), 0), min(value), max(value)
  FROM report_judge_values GROUP BY issue_id, dataset_id;
