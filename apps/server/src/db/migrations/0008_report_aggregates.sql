CREATE TABLE "report_criterion_sums" (
	"issue_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"total" numeric NOT NULL,
	"nb_answers" integer NOT NULL,
	CONSTRAINT "report_criterion_sums_issue_id_dataset_id_question_id_pk" PRIMARY KEY("issue_id","dataset_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "report_judge_values" (
	"issue_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"value" double precision,
	CONSTRAINT "report_judge_values_issue_id_dataset_id_user_id_pk" PRIMARY KEY("issue_id","dataset_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "report_judge_values_issue_user" ON "report_judge_values" USING btree ("issue_id","user_id");--> statement-breakpoint
-- Each judge's value per item and each criterion's sum, recomputed from the answers (and, for text
-- selections, the comments): the one definition that the triggers below, the backfill and
-- `npm run admin -- verify-reports` use. Same rules as the report (decision 24).
CREATE VIEW "report_judge_values_recomputed" AS
  SELECT ans.issue_id, ans.dataset_id, ans.user_id,
    CASE WHEN max(i.resourcetype) = 'RatingIssue'
      THEN sum(ans.value * coalesce(q.weight, 1)) / nullif(sum(coalesce(q.weight, 1)), 0)
      ELSE sum(ans.value) END AS value
  FROM issue_answers ans
  JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
  LEFT JOIN issue_questions q ON q.id = ans.question_id
  GROUP BY ans.issue_id, ans.dataset_id, ans.user_id
  UNION ALL
  SELECT c.issue_id, c.dataset_id, c.user_id, count(*)::float8
  FROM issue_comments c
  JOIN issues i ON i.id = c.issue_id AND i.resourcetype = 'TextIssue'
  GROUP BY c.issue_id, c.dataset_id, c.user_id;
--> statement-breakpoint
CREATE VIEW "report_criterion_sums_recomputed" AS
  SELECT ans.issue_id, ans.dataset_id, ans.question_id, sum(ans.value::numeric) AS total,
    count(*)::int AS nb_answers
  FROM issue_answers ans
  JOIN issues i ON i.id = ans.issue_id AND i.resourcetype <> 'TextIssue'
  WHERE ans.question_id IS NOT NULL
  GROUP BY ans.issue_id, ans.dataset_id, ans.question_id;
--> statement-breakpoint
-- Recomputes the judge values of the given (issue, user, item) keys: upserts what the answers give,
-- deletes what they no longer give. Rows are written in key order, so that concurrent writers never
-- take the same row locks in opposite orders. EXECUTE plans with the arrays as constants: the ANY
-- conditions then reach inside the view's grouping (only the keys' answers are read) and are hashed.
CREATE FUNCTION report_refresh_judge_values(issue_ids integer[], user_ids integer[], dataset_ids integer[])
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
END $$;
--> statement-breakpoint
-- After each statement on issue_answers: criterion sums move by the changed rows (exact numeric sums),
-- and the judge values of the touched (issue, user, item) keys are recomputed.
CREATE FUNCTION report_on_answers_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  columns constant text := 'issue_id, user_id, dataset_id, question_id, value';
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', columns)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', columns)
    ELSE format('SELECT %s, -1 AS sign FROM old_rows UNION ALL SELECT %s, 1 FROM new_rows', columns, columns)
  END;
  issue_ids integer[];
  user_ids integer[];
  dataset_ids integer[];
BEGIN
  EXECUTE format($q$
    INSERT INTO report_criterion_sums AS s (issue_id, dataset_id, question_id, total, nb_answers)
    SELECT c.issue_id, c.dataset_id, c.question_id, sum(c.sign * c.value::numeric), sum(c.sign)::int
    FROM (%s) c
    -- A selection deleted in this statement is gone already: its sums still go down to nothing.
    WHERE c.question_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM issues i WHERE i.id = c.issue_id AND i.resourcetype = 'TextIssue')
    GROUP BY c.issue_id, c.dataset_id, c.question_id
    ORDER BY c.issue_id, c.dataset_id, c.question_id
    ON CONFLICT (issue_id, dataset_id, question_id) DO UPDATE
    SET total = s.total + excluded.total, nb_answers = s.nb_answers + excluded.nb_answers
  $q$, changes);
  IF TG_OP = 'DELETE' THEN
    DELETE FROM report_criterion_sums s USING (SELECT DISTINCT issue_id, dataset_id FROM old_rows) d
    WHERE s.issue_id = d.issue_id AND s.dataset_id = d.dataset_id AND s.nb_answers <= 0;
  END IF;
  EXECUTE format($q$
    SELECT array_agg(issue_id), array_agg(user_id), array_agg(dataset_id)
    FROM (SELECT DISTINCT issue_id, user_id, dataset_id FROM (%s) c) k
  $q$, changes) INTO issue_ids, user_ids, dataset_ids;
  PERFORM report_refresh_judge_values(issue_ids, user_ids, dataset_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Text selections count comments: a comment added or removed moves its judge's value.
CREATE FUNCTION report_on_comments_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT issue_id, user_id, dataset_id FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT issue_id, user_id, dataset_id FROM old_rows'
    ELSE 'SELECT issue_id, user_id, dataset_id FROM old_rows UNION SELECT issue_id, user_id, dataset_id FROM new_rows'
  END;
  issue_ids integer[];
  user_ids integer[];
  dataset_ids integer[];
BEGIN
  -- Comments of other selection types count for nothing; a deleted selection's keys are cleared.
  EXECUTE format($q$
    SELECT array_agg(issue_id), array_agg(user_id), array_agg(dataset_id)
    FROM (SELECT DISTINCT issue_id, user_id, dataset_id FROM (%s) c
      WHERE NOT EXISTS (SELECT 1 FROM issues i WHERE i.id = c.issue_id AND i.resourcetype <> 'TextIssue')) k
  $q$, changes) INTO issue_ids, user_ids, dataset_ids;
  IF issue_ids IS NOT NULL THEN
    PERFORM report_refresh_judge_values(issue_ids, user_ids, dataset_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A criterion's new weight changes every rating judge value of its selection.
CREATE FUNCTION report_on_weights_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  issue_ids integer[];
  user_ids integer[];
  dataset_ids integer[];
BEGIN
  SELECT array_agg(s.issue_id), array_agg(s.user_id), array_agg(s.dataset_id)
  INTO issue_ids, user_ids, dataset_ids
  FROM report_judge_values s
  WHERE s.issue_id IN (
    SELECT n.issue_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.weight IS DISTINCT FROM o.weight OR n.issue_id <> o.issue_id
  );
  IF issue_ids IS NOT NULL THEN
    PERFORM report_refresh_judge_values(issue_ids, user_ids, dataset_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER issue_answers_report_insert AFTER INSERT ON issue_answers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_on_answers_change();
--> statement-breakpoint
CREATE TRIGGER issue_answers_report_update AFTER UPDATE ON issue_answers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_answers_change();
--> statement-breakpoint
CREATE TRIGGER issue_answers_report_delete AFTER DELETE ON issue_answers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_on_answers_change();
--> statement-breakpoint
CREATE TRIGGER issue_comments_report_insert AFTER INSERT ON issue_comments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_on_comments_change();
--> statement-breakpoint
CREATE TRIGGER issue_comments_report_update AFTER UPDATE ON issue_comments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_comments_change();
--> statement-breakpoint
CREATE TRIGGER issue_comments_report_delete AFTER DELETE ON issue_comments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_on_comments_change();
--> statement-breakpoint
CREATE TRIGGER issue_questions_report_weight AFTER UPDATE ON issue_questions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_weights_change();
--> statement-breakpoint
-- Backfill: the values of the answers already there.
INSERT INTO report_judge_values (issue_id, dataset_id, user_id, value)
  SELECT issue_id, dataset_id, user_id, value FROM report_judge_values_recomputed;
--> statement-breakpoint
INSERT INTO report_criterion_sums (issue_id, dataset_id, question_id, total, nb_answers)
  SELECT issue_id, dataset_id, question_id, total, nb_answers FROM report_criterion_sums_recomputed;
