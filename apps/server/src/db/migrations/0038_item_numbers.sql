-- The items already in selections are numbered in the order they were added (issue 32).
UPDATE issue_datasets SET number = numbered.rn FROM (
  SELECT issue_id, dataset_id, row_number() OVER (PARTITION BY issue_id ORDER BY create_time, dataset_id) AS rn
  FROM issue_datasets
) numbered WHERE issue_datasets.issue_id = numbered.issue_id AND issue_datasets.dataset_id = numbered.dataset_id;
--> statement-breakpoint
UPDATE issues SET item_numbers = (SELECT count(*) FROM issue_datasets WHERE issue_datasets.issue_id = issues.id);
--> statement-breakpoint
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
