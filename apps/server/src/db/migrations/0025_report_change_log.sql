CREATE TABLE "report_changes" (
	"issue_id" integer NOT NULL,
	"user_id" integer,
	"sign" smallint NOT NULL,
	"dataset_ids" integer[],
	"question_ids" integer[],
	"answer_values" double precision[]
);
--> statement-breakpoint
DROP INDEX "report_judge_values_item_z";--> statement-breakpoint
CREATE INDEX "report_changes_issue" ON "report_changes" USING btree ("issue_id");
--> statement-breakpoint
-- The statement triggers of migration 0008 now only append what changed to `report_changes`, one row per
-- selection, judge and sign, in the statement's transaction: no report table is written on the way, so no
-- two judges' submissions write the same row (decision 68). `report_fold` below takes the rows in.
CREATE OR REPLACE FUNCTION report_on_answers_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  logged constant text := $q$
    INSERT INTO report_changes (issue_id, user_id, sign, dataset_ids, question_ids, answer_values)
    SELECT issue_id, user_id, %s, array_agg(dataset_id), array_agg(question_id), array_agg(value)
    FROM %I GROUP BY issue_id, user_id
  $q$;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format(logged, -1, 'old_rows');
  END IF;
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format(logged, 1, 'new_rows');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Text selections count comments: the keys of the comments that came or went. Comments of other selection
-- types count for nothing; those of a selection deleted in this statement still clear its values.
CREATE OR REPLACE FUNCTION report_on_comments_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT issue_id, user_id, dataset_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT issue_id, user_id, dataset_id FROM old_rows'
    ELSE 'SELECT issue_id, user_id, dataset_id FROM old_rows UNION ALL SELECT issue_id, user_id, dataset_id FROM new_rows'
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO report_changes (issue_id, user_id, sign, dataset_ids)
    SELECT c.issue_id, c.user_id, 0, array_agg(c.dataset_id) FROM (%s) c
    WHERE NOT EXISTS (SELECT 1 FROM issues i WHERE i.id = c.issue_id AND i.resourcetype <> 'TextIssue')
    GROUP BY c.issue_id, c.user_id
  $q$, changes);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A criterion's new weight changes every rating value of its selection: one row without a judge.
CREATE OR REPLACE FUNCTION report_on_weights_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_changes (issue_id, user_id, sign)
  SELECT DISTINCT i.issue_id, NULL::integer, 0 FROM (
    SELECT n.issue_id, o.issue_id AS old_issue_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.weight IS DISTINCT FROM o.weight OR n.issue_id <> o.issue_id
  ) changed CROSS JOIN LATERAL (VALUES (changed.issue_id), (changed.old_issue_id)) AS i(issue_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The numeric that item sums add for a float8: now its 15 significant digits (one conversion), no longer
-- plus the float's exact remainder (three conversions and twice the digits to add and square: 5 µs a
-- value, a third of a fold's time). The sums stay the same in any order and never drift, which is what
-- they are for: a value always maps to the same numeric, added or taken away (decision 68 amends 55).
CREATE OR REPLACE FUNCTION report_exact(value double precision) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT value::numeric
$$;
--> statement-breakpoint
-- The stored sums, in the new terms.
UPDATE report_item_stats s SET total = r.total, total_squares = r.total_squares, z_total = r.z_total,
  z_squares = r.z_squares
FROM (
  SELECT issue_id, dataset_id, coalesce(sum(report_exact(value)), 0) AS total,
    coalesce(sum(report_exact(value) * report_exact(value)), 0) AS total_squares,
    coalesce(sum(report_exact(z)), 0) AS z_total, coalesce(sum(report_exact(z) * report_exact(z)), 0) AS z_squares
  FROM report_judge_values GROUP BY issue_id, dataset_id
) r
WHERE r.issue_id = s.issue_id AND r.dataset_id = s.dataset_id;
--> statement-breakpoint
-- Takes every change of one selection into the report tables, and answers how many `report_changes` rows
-- it took. One fold of a selection at a time, across processes (a transaction-level advisory lock: any
-- caller waits for the fold under way, whose work it then finds done). Submissions never wait for it.
--
-- Exactly once. The main statement deletes the selection's change rows and applies them in the same
-- statement, hence the same snapshot: the criterion sums move by the deltas of exactly the rows it
-- deleted; a row committed later is left for the next fold. Every other table is moved by state, not by
-- delta: the values of the (judge, item) keys named by the rows are recomputed from the answers (or
-- comments) of that same snapshot, and each touched judge's statistics and z-scores from their values
-- after it; what is written is the difference with what is stored, and the item sums move by that
-- difference. A fold that finds nothing different writes nothing, so recomputing a key twice is harmless.
-- Since the rows and the answers are read in one snapshot, and an answer is committed together with its
-- change row, the tables after a fold are those of the answers at that snapshot: a read after it never
-- sees half of a submission. The lock is taken in a statement of its own: under READ COMMITTED each
-- statement of this function takes a new snapshot, so the main statement sees the previous fold's commit.
--
-- An item's least and greatest value and z-score move with what comes in; one that goes away is compared
-- with the item's row as written and, where it was that extreme, the item is read back by index after the
-- main statement (migration 0022's rule); rows left empty are deleted there too. Without JIT: the planner,
-- which cannot tell how few keys a fold has, estimated the statement high enough to compile it, 2.7 s of
-- a 3 s fold of one judge.
CREATE FUNCTION report_fold(fold_issue_id integer) RETURNS integer LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  kind text;
  judge_values_of text;
  taken integer;
  empty_criteria_items integer[];
  empty_criteria integer[];
  empty_items integer[];
  reread_items integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(712002, fold_issue_id);
  SELECT resourcetype INTO kind FROM issues WHERE id = fold_issue_id;
  -- A judge's value per item, as `report_judge_values_recomputed` defines it (decision 24), of the judge
  -- %1$s.user_id, for the items of the condition %2$s on the answers or comments `x`; an item without any
  -- has no row.
  judge_values_of := CASE
    WHEN kind = 'TextIssue' THEN $v$
      SELECT x.dataset_id, count(*)::float8 AS value FROM issue_comments x
      WHERE x.issue_id = $1 AND x.user_id = %1$s.user_id %2$s GROUP BY x.dataset_id $v$
    WHEN kind IS NOT NULL THEN $v$
      SELECT x.dataset_id, CASE WHEN $2 = 'RatingIssue'
          THEN sum(x.value * coalesce(q.weight, 1)) / nullif(sum(coalesce(q.weight, 1)), 0)
          ELSE sum(x.value) END AS value
      FROM issue_answers x LEFT JOIN issue_questions q ON q.id = x.question_id
      WHERE x.issue_id = $1 AND x.user_id = %1$s.user_id %2$s GROUP BY x.dataset_id $v$
    -- A deleted selection: nothing is answered any more.
    ELSE 'SELECT NULL::integer AS dataset_id, NULL::float8 AS value WHERE false'
  END;
  EXECUTE format($q$
    WITH taken AS (
      DELETE FROM report_changes WHERE issue_id = $1
      RETURNING user_id, sign, dataset_ids, question_ids, answer_values
    ),
    -- A judge whose changes name as many items as they have values stored (a first submission, an edit of
    -- everything) has all their answers read in index order, one range a judge, and every value
    -- recomputed; so has every judge of the selection when a criterion's weight changed. The others
    -- (a few sliders moved, an item removed) have each named item read by index. OFFSET 0 keeps each
    -- lateral a loop: the planner cannot tell how few judges and keys a fold has, and would otherwise
    -- hash the selection's millions of answers.
    judges AS (
      SELECT user_id, bool_or(whole) AS whole FROM (
        SELECT n.user_id, n.nb_named >= coalesce(st.nb_items, 0) AS whole
        FROM (
          SELECT user_id, sum(cardinality(dataset_ids)) AS nb_named FROM taken
          WHERE user_id IS NOT NULL GROUP BY user_id
        ) n
        LEFT JOIN report_judge_stats st ON st.issue_id = $1 AND st.user_id = n.user_id
        UNION ALL
        SELECT st.user_id, true FROM report_judge_stats st
        WHERE st.issue_id = $1 AND EXISTS (SELECT 1 FROM taken WHERE user_id IS NULL)
      ) j
      GROUP BY user_id
    ),
    keys AS (
      SELECT DISTINCT t.user_id, unnest(t.dataset_ids) AS dataset_id
      FROM taken t JOIN judges j ON j.user_id = t.user_id AND NOT j.whole
    ),
    recomputed AS (
      SELECT j.user_id, r.dataset_id, r.value
      FROM judges j CROSS JOIN LATERAL (%s OFFSET 0) r
      WHERE j.whole
      UNION ALL
      SELECT k.user_id, r.dataset_id, r.value
      FROM keys k JOIN judges j ON j.user_id = k.user_id AND NOT j.whole
      CROSS JOIN LATERAL (%s OFFSET 0) r
    ),
    stored AS (
      SELECT v.user_id, v.dataset_id, v.value, v.z
      FROM judges j CROSS JOIN LATERAL (
        SELECT v.user_id, v.dataset_id, v.value, v.z FROM report_judge_values v
        WHERE v.issue_id = $1 AND v.user_id = j.user_id OFFSET 0
      ) v
    ),
    -- The touched judges' values after the change: recomputed where read, stored elsewhere.
    judge_values AS (
      SELECT s.user_id, s.dataset_id, s.value FROM stored s JOIN judges j ON j.user_id = s.user_id AND NOT j.whole
      WHERE NOT EXISTS (SELECT 1 FROM keys k WHERE k.user_id = s.user_id AND k.dataset_id = s.dataset_id)
      UNION ALL
      SELECT user_id, dataset_id, value FROM recomputed
    ),
    judge_stats AS (
      SELECT user_id, count(value)::int AS nb_values, avg(value) AS mean, stddev_pop(value) AS sd,
        count(*)::int AS nb_items
      FROM judge_values GROUP BY user_id
    ),
    scored AS (
      SELECT v.user_id, v.dataset_id, v.value,
        CASE WHEN report_judge_normalised($2, st.nb_values, st.sd) THEN (v.value - st.mean) / st.sd END AS z
      FROM judge_values v JOIN judge_stats st ON st.user_id = v.user_id
    ),
    changes AS (
      SELECT coalesce(n.user_id, s.user_id) AS user_id, coalesce(n.dataset_id, s.dataset_id) AS dataset_id,
        n.user_id IS NOT NULL AS present, s.user_id IS NOT NULL AS was,
        (n.user_id IS NULL) <> (s.user_id IS NULL) OR n.value IS DISTINCT FROM s.value AS value_moved,
        (n.user_id IS NULL) <> (s.user_id IS NULL) OR n.z IS DISTINCT FROM s.z AS z_moved,
        n.value, n.z, s.value AS old_value, s.z AS old_z
      FROM scored n FULL JOIN stored s ON s.user_id = n.user_id AND s.dataset_id = n.dataset_id
      WHERE n.user_id IS NULL OR s.user_id IS NULL OR n.value IS DISTINCT FROM s.value OR n.z IS DISTINCT FROM s.z
    ),
    removed AS (
      DELETE FROM report_judge_values v USING changes c
      WHERE NOT c.present AND v.issue_id = $1 AND v.user_id = c.user_id AND v.dataset_id = c.dataset_id
    ),
    -- A new key by a plain INSERT (only folds write these rows, one at a time: an insertion that met a
    -- row would fail, not count twice); a changed one by the upsert, whose speculative insertion a
    -- first submission's 2,000 values would pay for nothing.
    added AS (
      INSERT INTO report_judge_values (issue_id, dataset_id, user_id, value, z)
      SELECT $1, dataset_id, user_id, value, z FROM changes WHERE present AND NOT was
      ORDER BY dataset_id, user_id
    ),
    rewritten AS (
      INSERT INTO report_judge_values AS v (issue_id, dataset_id, user_id, value, z)
      SELECT $1, dataset_id, user_id, value, z FROM changes WHERE present AND was
      ORDER BY dataset_id, user_id
      ON CONFLICT (issue_id, dataset_id, user_id) DO UPDATE SET value = excluded.value, z = excluded.z
    ),
    stats_removed AS (
      DELETE FROM report_judge_stats s USING judges j
      WHERE s.issue_id = $1 AND s.user_id = j.user_id
        AND NOT EXISTS (SELECT 1 FROM judge_stats st WHERE st.user_id = j.user_id)
    ),
    stats_written AS (
      INSERT INTO report_judge_stats AS s (issue_id, user_id, nb_values, mean, sd, nb_items)
      SELECT $1, user_id, nb_values, mean, sd, nb_items FROM judge_stats
      ORDER BY user_id
      ON CONFLICT (issue_id, user_id) DO UPDATE
      SET nb_values = excluded.nb_values, mean = excluded.mean, sd = excluded.sd, nb_items = excluded.nb_items
      WHERE (s.nb_values, s.mean, s.sd, s.nb_items)
        IS DISTINCT FROM (excluded.nb_values, excluded.mean, excluded.sd, excluded.nb_items)
    ),
    -- Each changed value and z-score leaves its item (−) and comes back as it is now (+); a value whose
    -- judge's z-scores alone moved stays where it is. Each as an exact numeric once (decision 55).
    moves AS (
      SELECT dataset_id, sign, value_moved, z_moved, value, z,
        CASE WHEN value_moved THEN report_exact(value) END AS exact_value,
        CASE WHEN z_moved THEN report_exact(z) END AS exact_z
      FROM (
        SELECT dataset_id, -1 AS sign, value_moved, z_moved, old_value AS value, old_z AS z FROM changes WHERE was
        UNION ALL
        SELECT dataset_id, 1, value_moved, z_moved, value, z FROM changes WHERE present
      ) m
    ),
    items AS (
      INSERT INTO report_item_stats AS s (issue_id, dataset_id, nb_values, nb_rated, total, total_squares,
        min_value, max_value, nb_z, z_total, z_squares, min_z, max_z)
      SELECT $1, dataset_id, coalesce(sum(sign) FILTER (WHERE value_moved), 0)::int,
        coalesce(sum(sign) FILTER (WHERE value_moved AND value IS NOT NULL), 0)::int,
        coalesce(sum(sign * exact_value), 0), coalesce(sum(sign * exact_value * exact_value), 0),
        min(value) FILTER (WHERE sign = 1 AND value_moved), max(value) FILTER (WHERE sign = 1 AND value_moved),
        coalesce(sum(sign) FILTER (WHERE z_moved AND z IS NOT NULL), 0)::int,
        coalesce(sum(sign * exact_z), 0), coalesce(sum(sign * exact_z * exact_z), 0),
        min(z) FILTER (WHERE sign = 1 AND z_moved), max(z) FILTER (WHERE sign = 1 AND z_moved)
      FROM moves GROUP BY dataset_id
      ORDER BY dataset_id
      ON CONFLICT (issue_id, dataset_id) DO UPDATE
      SET nb_values = s.nb_values + excluded.nb_values, nb_rated = s.nb_rated + excluded.nb_rated,
        total = s.total + excluded.total, total_squares = s.total_squares + excluded.total_squares,
        min_value = least(s.min_value, excluded.min_value), max_value = greatest(s.max_value, excluded.max_value),
        nb_z = s.nb_z + excluded.nb_z, z_total = s.z_total + excluded.z_total, z_squares = s.z_squares + excluded.z_squares,
        min_z = least(s.min_z, excluded.min_z), max_z = greatest(s.max_z, excluded.max_z)
      RETURNING s.dataset_id, s.nb_values, s.min_value, s.max_value, s.min_z, s.max_z
    ),
    -- What went away from each item: a changed value's former one, a removed value's, a rewritten z-score.
    gone AS (
      SELECT dataset_id, min(value) FILTER (WHERE value_moved) AS min_value,
        max(value) FILTER (WHERE value_moved) AS max_value,
        min(z) FILTER (WHERE z_moved) AS min_z, max(z) FILTER (WHERE z_moved) AS max_z
      FROM moves WHERE sign = -1 GROUP BY dataset_id
    ),
    -- Criterion sums by the deltas of the rows taken (a deleted selection's too, down to nothing). Counted
    -- per value first: a rating scale has few values, and each becomes a numeric once.
    criteria AS (
      INSERT INTO report_criterion_sums AS s (issue_id, dataset_id, question_id, total, nb_answers)
      SELECT $1, dataset_id, question_id, sum(n * value::numeric), sum(n)::int
      FROM (
        SELECT a.dataset_id, a.question_id, a.value, sum(t.sign)::int AS n
        FROM taken t CROSS JOIN LATERAL unnest(t.dataset_ids, t.question_ids, t.answer_values)
          AS a(dataset_id, question_id, value)
        WHERE t.answer_values IS NOT NULL AND a.question_id IS NOT NULL AND $2 IS DISTINCT FROM 'TextIssue'
        GROUP BY a.dataset_id, a.question_id, a.value
      ) per_value
      WHERE n <> 0
      GROUP BY dataset_id, question_id
      ORDER BY dataset_id, question_id
      ON CONFLICT (issue_id, dataset_id, question_id) DO UPDATE
      SET total = s.total + excluded.total, nb_answers = s.nb_answers + excluded.nb_answers
      RETURNING s.dataset_id, s.question_id, s.nb_answers
    )
    SELECT (SELECT count(*)::int FROM taken),
      (SELECT array_agg(dataset_id) FROM criteria WHERE nb_answers <= 0),
      (SELECT array_agg(question_id) FROM criteria WHERE nb_answers <= 0),
      (SELECT array_agg(dataset_id) FROM items WHERE nb_values <= 0),
      (SELECT array_agg(i.dataset_id) FROM items i JOIN gone g ON g.dataset_id = i.dataset_id
        WHERE i.nb_values > 0 AND (g.min_value <= i.min_value OR g.max_value >= i.max_value
          OR g.min_z <= i.min_z OR g.max_z >= i.max_z))
  $q$, format(judge_values_of, 'j', ''), format(judge_values_of, 'k', 'AND x.dataset_id = k.dataset_id'))
  USING fold_issue_id, kind
  INTO taken, empty_criteria_items, empty_criteria, empty_items, reread_items;
  IF empty_criteria IS NOT NULL THEN
    DELETE FROM report_criterion_sums s USING unnest(empty_criteria_items, empty_criteria) AS e(dataset_id, question_id)
    WHERE s.issue_id = fold_issue_id AND s.dataset_id = e.dataset_id AND s.question_id = e.question_id
      AND s.nb_answers <= 0;
  END IF;
  IF empty_items IS NOT NULL THEN
    DELETE FROM report_item_stats s
    WHERE s.issue_id = fold_issue_id AND s.dataset_id = ANY(empty_items) AND s.nb_values <= 0;
  END IF;
  -- Read back after the statement that wrote the values: only this fold writes them (the lock).
  IF reread_items IS NOT NULL THEN
    UPDATE report_item_stats s SET
      min_value = (SELECT min(v.value) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id),
      max_value = (SELECT max(v.value) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id),
      min_z = (SELECT min(v.z) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id),
      max_z = (SELECT max(v.z) FROM report_judge_values v WHERE v.issue_id = s.issue_id AND v.dataset_id = s.dataset_id)
    WHERE s.issue_id = fold_issue_id AND s.dataset_id = ANY(reread_items);
  END IF;
  RETURN taken;
END $$;
--> statement-breakpoint
-- The triggers' former upkeep, which wrote every report table in the changing statement.
DROP FUNCTION report_refresh_judge_values(integer[], integer[], integer[]);
