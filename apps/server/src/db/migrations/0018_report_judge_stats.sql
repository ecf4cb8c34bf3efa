CREATE TABLE "report_judge_stats" (
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nb_values" integer NOT NULL,
	"mean" double precision,
	"sd" double precision,
	CONSTRAINT "report_judge_stats_issue_id_user_id_pk" PRIMARY KEY("issue_id","user_id")
);
--> statement-breakpoint
-- Each judge's statistics recomputed from the answers, for `npm run admin -- verify-reports`: the same
-- aggregates as the trigger below takes over the stored values.
CREATE VIEW "report_judge_stats_recomputed" AS
  SELECT issue_id, user_id, count(value)::int AS nb_values, avg(value) AS mean, stddev_pop(value) AS sd
  FROM report_judge_values_recomputed
  GROUP BY issue_id, user_id;
--> statement-breakpoint
-- Migration 0008's refresh, then the statistics of the judges it touched, recomputed from their stored
-- values (a judge's 2,000 rows at most per selection through report_judge_values_issue_user), never moved
-- by increments: float sums would drift. A judge left with no stored value loses their row.
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
END $$;
--> statement-breakpoint
-- Backfill: the statistics of the values already stored.
INSERT INTO report_judge_stats (issue_id, user_id, nb_values, mean, sd)
  SELECT issue_id, user_id, count(value)::int, avg(value), stddev_pop(value)
  FROM report_judge_values GROUP BY issue_id, user_id;
