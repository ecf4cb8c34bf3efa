-- Each item's round in each selection it is in, as mailings read it (the `round` variable and audience,
-- docs/emails.md). Until the rounds of issue 32 record an item's path, every selection is round 1; the
-- rounds feature replaces this view's body with its own record (same columns).
CREATE OR REPLACE VIEW item_rounds AS
  SELECT d.dataset_id, d.issue_id, 1 AS round
  FROM issue_datasets d;
