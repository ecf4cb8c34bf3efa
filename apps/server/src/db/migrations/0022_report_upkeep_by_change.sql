ALTER TABLE "report_judge_stats" ADD COLUMN "nb_items" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each judge's statistics recomputed from the answers, now with their number of items (values null or not).
CREATE OR REPLACE VIEW "report_judge_stats_recomputed" AS
  SELECT issue_id, user_id, count(value)::int AS nb_values, avg(value) AS mean, stddev_pop(value) AS sd,
    count(*)::int AS nb_items
  FROM report_judge_values_recomputed
  GROUP BY issue_id, user_id;
--> statement-breakpoint
-- Migration 0021's refresh, with each item's least and greatest value and z-score moved like its sums
-- instead of read back by index for every item touched (four probes an item: most of the upkeep of one
-- judge's 2,000 values). A value or z-score that comes in lowers the least with `least` and raises the
-- greatest with `greatest`; one that goes away matters only when it was the least (greatest) and nothing
-- that came in is lower (higher), that is when it is still <= the least (>= the greatest) once the new ones
-- are in: only those items are read back, after the statement that moved them. The comparisons read the
-- item's row as updated, which the transaction holds locked from then on, so a concurrent change is never
-- compared with an older least. And each judge's number of items, kept with their statistics; and no work
-- when no key changed.
CREATE OR REPLACE FUNCTION report_refresh_judge_values(issue_ids integer[], user_ids integer[], dataset_ids integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone_issue_ids integer[];
  gone_dataset_ids integer[];
  gone_min_values double precision[];
  gone_max_values double precision[];
  gone_min_z double precision[];
  gone_max_z double precision[];
  z_issue_ids integer[];
  z_dataset_ids integer[];
BEGIN
  -- An answers statement that changed no row (a submission's delete of the answers no longer sent, its
  -- upsert's update part) has nothing to refresh: five statements planned for nothing otherwise.
  IF issue_ids IS NULL THEN
    RETURN;
  END IF;
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
        min_value, max_value, nb_z, z_total, z_squares)
      SELECT issue_id, dataset_id, sum(sign)::int, coalesce(sum(sign) FILTER (WHERE value IS NOT NULL), 0)::int,
        coalesce(sum(sign * report_exact(value)), 0), coalesce(sum(sign * report_exact(value) * report_exact(value)), 0),
        min(value) FILTER (WHERE sign = 1), max(value) FILTER (WHERE sign = 1),
        coalesce(sum(sign) FILTER (WHERE z IS NOT NULL), 0)::int,
        coalesce(sum(sign * report_exact(z)), 0), coalesce(sum(sign * report_exact(z) * report_exact(z)), 0)
      FROM moves GROUP BY issue_id, dataset_id
      ORDER BY issue_id, dataset_id
      ON CONFLICT (issue_id, dataset_id) DO UPDATE
      SET nb_values = s.nb_values + excluded.nb_values, nb_rated = s.nb_rated + excluded.nb_rated,
        total = s.total + excluded.total, total_squares = s.total_squares + excluded.total_squares,
        min_value = least(s.min_value, excluded.min_value), max_value = greatest(s.max_value, excluded.max_value),
        nb_z = s.nb_z + excluded.nb_z, z_total = s.z_total + excluded.z_total,
        z_squares = s.z_squares + excluded.z_squares
    ),
    -- What went away from each item (a changed value's former value, a removed value's z-score).
    gone AS (
      SELECT issue_id, dataset_id, min(value) AS min_value, max(value) AS max_value, min(z) AS min_z, max(z) AS max_z
      FROM moves WHERE sign = -1 GROUP BY issue_id, dataset_id
    )
    SELECT array_agg(issue_id), array_agg(dataset_id), array_agg(min_value), array_agg(max_value),
      array_agg(min_z), array_agg(max_z)
    FROM gone
  $q$ USING issue_ids, user_ids, dataset_ids,
    ARRAY(SELECT DISTINCT unnest(issue_ids)),
    ARRAY(SELECT DISTINCT unnest(user_ids)),
    ARRAY(SELECT DISTINCT unnest(dataset_ids))
  INTO gone_issue_ids, gone_dataset_ids, gone_min_values, gone_max_values, gone_min_z, gone_max_z;
  -- Only items that lost a value can be left empty, or have lost their least or greatest.
  IF gone_issue_ids IS NOT NULL THEN
    EXECUTE $q$
      WITH gone AS (
        SELECT * FROM unnest($1, $2, $3, $4, $5, $6) AS g(issue_id, dataset_id, min_value, max_value, min_z, max_z)
      ),
      emptied AS (
        DELETE FROM report_item_stats s USING gone g
        WHERE s.issue_id = g.issue_id AND s.dataset_id = g.dataset_id AND s.nb_values <= 0
      )
      UPDATE report_item_stats s SET
        min_value = CASE WHEN g.min_value <= s.min_value THEN (SELECT min(v.value) FROM report_judge_values v
          WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id) ELSE s.min_value END,
        max_value = CASE WHEN g.max_value >= s.max_value THEN (SELECT max(v.value) FROM report_judge_values v
          WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id) ELSE s.max_value END,
        min_z = CASE WHEN g.min_z <= s.min_z THEN (SELECT min(v.z) FROM report_judge_values v
          WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id) ELSE s.min_z END,
        max_z = CASE WHEN g.max_z >= s.max_z THEN (SELECT max(v.z) FROM report_judge_values v
          WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id) ELSE s.max_z END
      FROM gone g WHERE s.issue_id = g.issue_id AND s.dataset_id = g.dataset_id AND s.nb_values > 0
        AND (g.min_value <= s.min_value OR g.max_value >= s.max_value OR g.min_z <= s.min_z OR g.max_z >= s.max_z)
    $q$ USING gone_issue_ids, gone_dataset_ids, gone_min_values, gone_max_values, gone_min_z, gone_max_z;
  END IF;
  EXECUTE $q$
    WITH judges AS (
      SELECT DISTINCT k.issue_id, k.user_id FROM unnest($1, $2) AS k(issue_id, user_id)
    ),
    outcome AS (
      SELECT j.issue_id, j.user_id, st.nb_values, st.mean, st.sd, st.nb_items, st.issue_id IS NOT NULL AS rated
      FROM judges j LEFT JOIN (
        SELECT issue_id, user_id, count(value)::int AS nb_values, avg(value) AS mean, stddev_pop(value) AS sd,
          count(*)::int AS nb_items
        FROM report_judge_values WHERE issue_id = ANY($3) AND user_id = ANY($4)
        GROUP BY issue_id, user_id
      ) st ON st.issue_id = j.issue_id AND st.user_id = j.user_id
    ),
    removed AS (
      DELETE FROM report_judge_stats s USING outcome o
      WHERE NOT o.rated AND s.issue_id = o.issue_id AND s.user_id = o.user_id
    )
    INSERT INTO report_judge_stats AS s (issue_id, user_id, nb_values, mean, sd, nb_items)
    SELECT issue_id, user_id, nb_values, mean, sd, nb_items FROM outcome WHERE rated
    ORDER BY issue_id, user_id
    ON CONFLICT (issue_id, user_id) DO UPDATE
    SET nb_values = excluded.nb_values, mean = excluded.mean, sd = excluded.sd, nb_items = excluded.nb_items
    WHERE (s.nb_values, s.mean, s.sd, s.nb_items)
      IS DISTINCT FROM (excluded.nb_values, excluded.mean, excluded.sd, excluded.nb_items)
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
        z_squares = s.z_squares + d.z_squares,
        min_z = least(s.min_z, d.min_z), max_z = greatest(s.max_z, d.max_z)
      FROM (
        SELECT issue_id, dataset_id, (count(z) - count(old_z))::int AS nb_z,
          coalesce(sum(report_exact(z)), 0) - coalesce(sum(report_exact(old_z)), 0) AS z_total,
          coalesce(sum(report_exact(z) * report_exact(z)), 0) - coalesce(sum(report_exact(old_z) * report_exact(old_z)), 0) AS z_squares,
          min(z) AS min_z, max(z) AS max_z, min(old_z) AS gone_min_z, max(old_z) AS gone_max_z
        FROM changed GROUP BY issue_id, dataset_id
      ) d
      WHERE s.issue_id = d.issue_id AND s.dataset_id = d.dataset_id
      RETURNING s.issue_id, s.dataset_id, s.min_z, s.max_z, d.gone_min_z, d.gone_max_z
    )
    SELECT array_agg(issue_id), array_agg(dataset_id) FROM moved
    WHERE gone_min_z <= min_z OR gone_max_z >= max_z
  $q$ USING issue_ids, user_ids
  INTO z_issue_ids, z_dataset_ids;
  -- The items whose least or greatest z-score went away with a rewritten one, read back by index.
  IF z_issue_ids IS NOT NULL THEN
    EXECUTE $q$
      UPDATE report_item_stats s SET
        min_z = (SELECT min(v.z) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id),
        max_z = (SELECT max(v.z) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id)
      FROM unnest($1, $2) AS i(issue_id, dataset_id)
      WHERE s.issue_id = i.issue_id AND s.dataset_id = i.dataset_id
    $q$ USING z_issue_ids, z_dataset_ids;
  END IF;
END $$;
--> statement-breakpoint
-- Backfill: each judge's number of items with a stored value.
UPDATE report_judge_stats s SET nb_items = v.nb_items
FROM (SELECT issue_id, user_id, count(*)::int AS nb_items FROM report_judge_values GROUP BY issue_id, user_id) v
WHERE s.issue_id = v.issue_id AND s.user_id = v.user_id;
