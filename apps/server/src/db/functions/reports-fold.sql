-- The report's upkeep (decision 84), second half: `report_fold` takes the changes that the triggers of
-- reports-changes.sql recorded into the report tables (`report_judge_values`, `report_judge_stats`,
-- `report_item_stats`, `report_criterion_sums`, `report_judge_criterion_sums`, `report_folds`), called by
-- the background worker and before every read (features/reports/fold.ts); first the helpers it calls.

-- Whether a judge's values are normalised in the report (docs/judging.md): a rating judge with at least
-- NORMALISE_MIN_RATINGS (contract: 3) values and some spread. The one definition, for the fold, the
-- report computed from the answers and `verify-reports`.
CREATE OR REPLACE FUNCTION report_judge_normalised(resourcetype text, nb_values bigint, sd double precision)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(resourcetype = 'RatingIssue' AND nb_values >= 3 AND sd > 0, false)
$$;
--> statement-breakpoint
-- The numeric that item sums add for a float8: its 15 significant digits, one conversion (until migration
-- 0031 it added the float's exact remainder: three conversions and twice the digits to add and square, 5 µs
-- a value, a third of a fold's time). The sums stay the same in any order and never drift, which is what
-- they are for: a value always maps to the same numeric, added or taken away (decision 84 amends 55).
CREATE OR REPLACE FUNCTION report_exact(value double precision) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT value::numeric
$$;
--> statement-breakpoint
-- The report's JSON text of the given items of a selection (`criteria_json`, `figures_json`), from their
-- stored sums: what the report formatted for every item on every read. Numbers as float8's shortest text
-- and objects in the order of `db/json-text.ts` (`jsonNumber`, `jsonObjectText`), the criteria as
-- `criteriaText` in features/reports/item-values.ts writes them (the tests compare the replies parsed).
CREATE OR REPLACE FUNCTION report_write_figures(figures_issue_id integer, kind text, item_ids integer[])
RETURNS void LANGUAGE sql AS $$
  UPDATE report_item_stats s SET criteria_json = c.criteria,
    figures_json = '"value":' || coalesce((CASE WHEN kind = 'RatingIssue' THEN s.rounded_mean
        ELSE s.rounded_total END)::text, 'null')
      || ',"nb_answers":' || s.nb_values || ',"criteria":' || c.criteria
      || ',"stdev":' || coalesce(s.rounded_stdev::text, 'null') || ',"range":' || coalesce(s.rounded_range::text, 'null')
  FROM (
    SELECT i.dataset_id, coalesce((
      SELECT '[' || string_agg('{"question":' || cs.question_id || ',"average":' || coalesce(cs.average::text, 'null')
        || ',"nb_answers":' || cs.nb_answers || '}', ',' ORDER BY cs.question_id) || ']'
      FROM report_criterion_sums cs
      WHERE cs.issue_id = figures_issue_id AND cs.dataset_id = i.dataset_id AND cs.nb_answers > 0
    ), '[]') AS criteria
    FROM unnest(item_ids) AS i(dataset_id)
  ) c
  WHERE s.issue_id = figures_issue_id AND s.dataset_id = c.dataset_id
$$;
--> statement-breakpoint
-- A rating selection's normalised figures of every item, rounded, as the normalised report showed them
-- when it computed them on each read (decision 60, formerly `normalisedItemValuesCte`): a judge's value is
-- the selection's mean M + z × σ S kept within the scale; while no value of an item leaves the scale (its
-- least and greatest z say so), its count, sum and sum of squares follow from its z sums plus the values of
-- the judges left raw (read by judge); an item with a value cut is mapped value by value. In float8, as
-- the `avg` it replaces. Rows whose figures did not change are not written.
CREATE OR REPLACE FUNCTION report_write_normalised(norm_issue_id integer) RETURNS void LANGUAGE sql AS $$
  WITH judge_stats AS (
    SELECT user_id, mean, sd, nb_values::bigint AS n FROM report_judge_stats WHERE issue_id = norm_issue_id
  ),
  scale AS (
    SELECT ss.mean, ss.sd, i.min_rating, i.max_rating FROM (
      SELECT sum(n * mean) / sum(n) AS mean,
        sqrt(greatest(sum(n * (sd * sd + mean * mean)) / sum(n) - power(sum(n * mean) / sum(n), 2), 0)) AS sd
      FROM judge_stats WHERE n > 0
    ) ss CROSS JOIN issues i WHERE i.id = norm_issue_id
  ),
  -- The judges left raw (fewer than three ratings, or no spread): few, their values read by judge.
  raw_values AS (
    SELECT v.dataset_id, count(v.value)::int AS n, sum(v.value) AS total, sum(v.value * v.value) AS squares,
      min(v.value) AS lowest, max(v.value) AS highest
    FROM judge_stats js CROSS JOIN LATERAL (
      SELECT v.dataset_id, v.value FROM report_judge_values v
      WHERE v.issue_id = norm_issue_id AND v.user_id = js.user_id OFFSET 0
    ) v
    WHERE NOT report_judge_normalised('RatingIssue', js.n, js.sd)
    GROUP BY v.dataset_id
  ),
  items AS (
    SELECT s.dataset_id, s.nb_z, s.z_total, s.z_squares, s.min_z, s.max_z, sc.mean AS scale_mean,
      sc.sd AS scale_sd, sc.min_rating, sc.max_rating,
      s.nb_z > 0 AND (sc.mean + s.min_z * sc.sd < sc.min_rating OR sc.mean + s.max_z * sc.sd > sc.max_rating)
        AS is_clamped
    FROM report_item_stats s CROSS JOIN scale sc WHERE s.issue_id = norm_issue_id
  ),
  clamped_values AS (
    SELECT it.dataset_id, avg(m.value) AS mean,
      CASE WHEN count(m.value) >= 2 THEN stddev_pop(m.value) END AS stdev,
      CASE WHEN count(m.value) >= 2 THEN max(m.value) - min(m.value) END AS range, max(m.value) AS max_value
    FROM items it CROSS JOIN LATERAL (
      SELECT CASE WHEN v.z IS NULL THEN v.value
        ELSE least(it.max_rating, greatest(it.min_rating, it.scale_mean + v.z * it.scale_sd)) END AS value
      FROM report_judge_values v WHERE v.issue_id = norm_issue_id AND v.dataset_id = it.dataset_id
    ) m
    WHERE it.is_clamped
    GROUP BY it.dataset_id
  ),
  item_sums AS (
    SELECT it.dataset_id, it.is_clamped, it.nb_z + coalesce(r.n, 0) AS n,
      CASE WHEN it.nb_z > 0 THEN it.nb_z * it.scale_mean + it.scale_sd * it.z_total::float8 ELSE 0 END
        + coalesce(r.total, 0) AS sum,
      CASE WHEN it.nb_z > 0 THEN it.nb_z * it.scale_mean * it.scale_mean
          + 2 * it.scale_mean * it.scale_sd * it.z_total::float8 + it.scale_sd * it.scale_sd * it.z_squares::float8
        ELSE 0 END + coalesce(r.squares, 0) AS squares,
      least(it.scale_mean + it.min_z * it.scale_sd, r.lowest) AS lowest,
      greatest(it.scale_mean + it.max_z * it.scale_sd, r.highest) AS highest
    FROM items it LEFT JOIN raw_values r ON r.dataset_id = it.dataset_id
  ),
  figures AS (
    SELECT it.dataset_id,
      round((CASE WHEN it.is_clamped THEN c.mean ELSE it.sum / nullif(it.n, 0) END)::numeric, 3)::float8 AS mean,
      round((CASE WHEN it.is_clamped THEN c.stdev WHEN it.n >= 2
        THEN sqrt(greatest(((it.squares - it.sum * it.sum / it.n) / it.n)::float8, 0)) END)::numeric, 3)::float8 AS stdev,
      round((CASE WHEN it.is_clamped THEN c.range WHEN it.n >= 2 THEN it.highest - it.lowest END)::numeric, 3)::float8
        AS range,
      CASE WHEN it.is_clamped THEN c.max_value ELSE it.highest END AS max_value
    FROM item_sums it LEFT JOIN clamped_values c ON c.dataset_id = it.dataset_id
  )
  UPDATE report_item_stats s SET norm_mean = f.mean, norm_stdev = f.stdev, norm_range = f.range,
    norm_max = f.max_value, norm_figures_json = f.json
  FROM (
    -- As `report_write_figures` writes the raw ones, with the item's criteria as they are now.
    SELECT f.*, '"value":' || coalesce(f.mean::text, 'null') || ',"nb_answers":' || s.nb_values
      || ',"criteria":' || coalesce(s.criteria_json, '[]') || ',"stdev":' || coalesce(f.stdev::text, 'null')
      || ',"range":' || coalesce(f.range::text, 'null') AS json
    FROM figures f JOIN report_item_stats s ON s.issue_id = norm_issue_id AND s.dataset_id = f.dataset_id
  ) f
  WHERE s.issue_id = norm_issue_id AND s.dataset_id = f.dataset_id
    AND (s.norm_mean, s.norm_stdev, s.norm_range, s.norm_max, s.norm_figures_json)
      IS DISTINCT FROM (f.mean, f.stdev, f.range, f.max_value, f.json)
$$;
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
-- main statement (migration 0022's rule); rows left empty are deleted there too; and the JSON text of
-- every item moved is written again. Not the normalised figures (`report_write_normalised`): a pass over
-- every value of the selection whose scale cuts, a sixth of a round's CPU at 300 judges, which a burst's
-- rounds paid for a view seldom read (issue 57, point 3). Without JIT: the planner,
-- which cannot tell how few keys a fold has, estimated the statement high enough to compile it, 2.7 s of
-- a 3 s fold of one judge. The answers taken are unnested once for both criterion sums, counted in one
-- pass, and an item's value sums make each distinct value a numeric once (migration 0054, decision 230).
CREATE OR REPLACE FUNCTION report_fold(fold_issue_id integer) RETURNS integer LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  kind text;
  judge_values_of text;
  taken integer;
  empty_criteria_items integer[];
  empty_criteria integer[];
  empty_items integer[];
  reread_items integer[];
  moved_items integer[];
  empty_judge_criteria_users integer[];
  empty_judge_criteria integer[];
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
        WHERE st.issue_id = $1 AND EXISTS (SELECT 1 FROM taken WHERE user_id IS NULL AND sign = 0)
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
    -- judge's z-scores alone moved stays where it is. Each as an exact numeric once (decision 55): the
    -- values counted per value first (a judge's value of an item takes few values), the z-scores each.
    moves AS (
      SELECT dataset_id, -1 AS sign, value_moved, z_moved, old_value AS value, old_z AS z FROM changes WHERE was
      UNION ALL
      SELECT dataset_id, 1, value_moved, z_moved, value, z FROM changes WHERE present
    ),
    item_moves AS (
      SELECT dataset_id, sum(n)::int AS nb_values, coalesce(sum(n) FILTER (WHERE value IS NOT NULL), 0)::int AS nb_rated,
        coalesce(sum(n * report_exact(value)), 0) AS total,
        coalesce(sum(n * report_exact(value) * report_exact(value)), 0) AS total_squares,
        min(value) FILTER (WHERE added) AS min_value, max(value) FILTER (WHERE added) AS max_value,
        0 AS nb_z, 0::numeric AS z_total, 0::numeric AS z_squares, NULL::float8 AS min_z, NULL::float8 AS max_z
      FROM (
        SELECT dataset_id, value, sum(sign) AS n, bool_or(sign = 1) AS added FROM moves WHERE value_moved
        GROUP BY dataset_id, value
      ) per_value
      GROUP BY dataset_id
      UNION ALL
      SELECT dataset_id, 0, 0, 0, 0, NULL, NULL, coalesce(sum(sign) FILTER (WHERE z IS NOT NULL), 0)::int,
        coalesce(sum(sign * report_exact(z)), 0), coalesce(sum(sign * report_exact(z) * report_exact(z)), 0),
        min(z) FILTER (WHERE sign = 1), max(z) FILTER (WHERE sign = 1)
      FROM moves WHERE z_moved GROUP BY dataset_id
    ),
    items AS (
      INSERT INTO report_item_stats AS s (issue_id, dataset_id, nb_values, nb_rated, total, total_squares,
        min_value, max_value, nb_z, z_total, z_squares, min_z, max_z)
      SELECT $1, dataset_id, sum(nb_values)::int, sum(nb_rated)::int, sum(total), sum(total_squares),
        min(min_value), max(max_value), sum(nb_z)::int, sum(z_total), sum(z_squares), min(min_z), max(max_z)
      FROM item_moves GROUP BY dataset_id
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
    -- The answers taken, unnested once and counted per value (a rating scale has few values, each becomes
    -- a numeric once), by item and criterion and by judge and criterion in one pass.
    answer_moves AS (
      SELECT a.dataset_id, a.question_id, a.user_id, a.value, sum(a.sign)::int AS n,
        GROUPING(a.dataset_id) AS by_judge
      FROM (
        SELECT t.user_id, t.sign, unnest(t.dataset_ids) AS dataset_id, unnest(t.question_ids) AS question_id,
          unnest(t.answer_values) AS value
        FROM taken t WHERE t.answer_values IS NOT NULL AND $2 IS DISTINCT FROM 'TextIssue'
      ) a
      GROUP BY GROUPING SETS ((a.dataset_id, a.question_id, a.value), (a.user_id, a.question_id, a.value))
    ),
    -- Criterion sums by the deltas of the rows taken (a deleted selection's too, down to nothing).
    criteria AS (
      INSERT INTO report_criterion_sums AS s (issue_id, dataset_id, question_id, total, nb_answers)
      SELECT $1, dataset_id, question_id, sum(n * value::numeric), sum(n)::int
      FROM answer_moves
      WHERE by_judge = 0 AND n <> 0 AND question_id IS NOT NULL
      GROUP BY dataset_id, question_id
      ORDER BY dataset_id, question_id
      ON CONFLICT (issue_id, dataset_id, question_id) DO UPDATE
      SET total = s.total + excluded.total, nb_answers = s.nb_answers + excluded.nb_answers
      RETURNING s.dataset_id, s.question_id, s.nb_answers
    ),
    -- Each judge's sums per criterion by the same deltas (decision 126): a judge's changes move
    -- only that judge's rows. Criterion 0: a rating without criteria.
    judge_criteria AS (
      INSERT INTO report_judge_criterion_sums AS s (issue_id, user_id, criterion, nb_answers, total, squares)
      SELECT $1, user_id, coalesce(question_id, 0), sum(n)::int, sum(n * report_exact(value)),
        sum(n * report_exact(value) * report_exact(value))
      FROM answer_moves
      WHERE by_judge = 1 AND n <> 0 AND user_id IS NOT NULL
      GROUP BY user_id, coalesce(question_id, 0)
      ORDER BY user_id, coalesce(question_id, 0)
      ON CONFLICT (issue_id, user_id, criterion) DO UPDATE
      SET nb_answers = s.nb_answers + excluded.nb_answers, total = s.total + excluded.total,
        squares = s.squares + excluded.squares
      RETURNING s.user_id, s.criterion, s.nb_answers
    )
    SELECT (SELECT count(*)::int FROM taken),
      (SELECT array_agg(dataset_id) FROM criteria WHERE nb_answers <= 0),
      (SELECT array_agg(question_id) FROM criteria WHERE nb_answers <= 0),
      (SELECT array_agg(dataset_id) FROM items WHERE nb_values <= 0),
      (SELECT array_agg(i.dataset_id) FROM items i JOIN gone g ON g.dataset_id = i.dataset_id
        WHERE i.nb_values > 0 AND (g.min_value <= i.min_value OR g.max_value >= i.max_value
          OR g.min_z <= i.min_z OR g.max_z >= i.max_z)),
      (SELECT array_agg(DISTINCT dataset_id) FROM (
        SELECT dataset_id FROM items UNION ALL SELECT dataset_id FROM criteria
      ) moved),
      (SELECT array_agg(user_id) FROM judge_criteria WHERE nb_answers <= 0),
      (SELECT array_agg(criterion) FROM judge_criteria WHERE nb_answers <= 0)
  $q$, format(judge_values_of, 'j', ''), format(judge_values_of, 'k', 'AND x.dataset_id = k.dataset_id'))
  USING fold_issue_id, kind
  INTO taken, empty_criteria_items, empty_criteria, empty_items, reread_items, moved_items, empty_judge_criteria_users,
    empty_judge_criteria;
  IF empty_judge_criteria IS NOT NULL THEN
    DELETE FROM report_judge_criterion_sums s
    USING unnest(empty_judge_criteria_users, empty_judge_criteria) AS e(user_id, criterion)
    WHERE s.issue_id = fold_issue_id AND s.user_id = e.user_id AND s.criterion = e.criterion AND s.nb_answers <= 0;
  END IF;
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
  IF moved_items IS NOT NULL THEN
    PERFORM report_write_figures(fold_issue_id, kind, moved_items);
  END IF;
  -- Any change moves the selection's mean and σ, hence every item's normalised figures: they, and the
  -- per-criterion ones, stored for an earlier fold are no longer current (`report_folds`), and are written
  -- again by the first read that needs them or once submissions pause (features/reports/normalised-figures.ts).
  IF kind IS NULL THEN
    DELETE FROM report_folds WHERE issue_id = fold_issue_id;
  ELSIF taken > 0 THEN
    INSERT INTO report_folds AS f (issue_id, nb_folds) VALUES (fold_issue_id, 1)
    ON CONFLICT (issue_id) DO UPDATE SET nb_folds = f.nb_folds + 1;
  END IF;
  RETURN taken;
END $$;
