-- Each item of a selection gets its number once, on insert ("Item 17" under blind review, issue 32):
-- issues.item_numbers counts the numbers given, so a removed item's number is never given again. One
-- statement-level trigger numbers a whole batch with one UPDATE of each selection's row, in dataset order.
CREATE OR REPLACE FUNCTION issue_datasets_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH counts AS (
    SELECT issue_id, count(*)::integer AS n FROM new_rows GROUP BY issue_id
  ), bumped AS (
    UPDATE issues SET item_numbers = issues.item_numbers + counts.n FROM counts
      WHERE issues.id = counts.issue_id
      RETURNING issues.id, issues.item_numbers - counts.n AS base
  ), numbered AS (
    SELECT new_rows.issue_id, new_rows.dataset_id,
      bumped.base + row_number() OVER (PARTITION BY new_rows.issue_id ORDER BY new_rows.dataset_id) AS number
    FROM new_rows JOIN bumped ON bumped.id = new_rows.issue_id
  )
  UPDATE issue_datasets SET number = numbered.number FROM numbered
    WHERE issue_datasets.issue_id = numbered.issue_id AND issue_datasets.dataset_id = numbered.dataset_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER issue_datasets_number AFTER INSERT ON issue_datasets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION issue_datasets_number();
