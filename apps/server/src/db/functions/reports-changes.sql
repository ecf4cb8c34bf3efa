-- The report's upkeep (decision 84), first half: the statement triggers on answers, comments, criteria and
-- selections only append what changed to `report_changes`, one row per selection, judge and sign, in the
-- changing statement's transaction; `report_fold` (reports-fold.sql) takes those rows in.

-- After each statement on issue_answers: the rows that left (sign −1) and came (1), with their items,
-- criteria and values. No report table is written on the way, so no two judges' submissions write the same
-- row (decision 84).
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
-- A criterion's new weight changes every rating value of its selection: one row without a judge (sign 0).
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
-- A rating selection's new scale changes where its normalised values are cut: one row without a judge
-- (sign 2), which has the fold write the normalised figures again and recompute no value.
CREATE OR REPLACE FUNCTION report_on_scale_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_changes (issue_id, user_id, sign)
  SELECT n.id, NULL::integer, 2 FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE n.resourcetype = 'RatingIssue'
    AND (n.min_rating, n.max_rating) IS DISTINCT FROM (o.min_rating, o.max_rating);
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
CREATE TRIGGER issues_report_scale AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_on_scale_change();
