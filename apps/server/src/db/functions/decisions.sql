-- Each item's round in each selection it is in, as mailings read it (the `round` variable and audience,
-- docs/emails.md): the selection's round, which promotion sets (issues.round, docs/rounds.md).
CREATE OR REPLACE VIEW item_rounds AS
  SELECT d.dataset_id, d.issue_id, i.round
  FROM issue_datasets d JOIN issues i ON i.id = d.issue_id;
