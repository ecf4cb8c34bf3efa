-- A judge's answers and comments stand only on items the judge may answer (issue 27, point 7; decision 78):
-- the services refuse what would break this, and these triggers make the database refuse it too.

-- A selection that goes from "all items" to "a subset per judge" must leave every judge's answers and
-- comments on items of their subset. Checked only on that switch, which is rare; no answer yet (the switch
-- before judging starts) costs nothing.
CREATE OR REPLACE FUNCTION issue_switch_keeps_answered_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM (
      SELECT user_id, dataset_id FROM issue_answers WHERE issue_id = NEW.id
      UNION ALL
      SELECT user_id, dataset_id FROM issue_comments WHERE issue_id = NEW.id
    ) x
    JOIN issue_accesses a ON a.issue_id = NEW.id AND a.user_id = x.user_id
    WHERE NOT EXISTS (
      SELECT 1 FROM issue_access_datasets iad WHERE iad.access_id = a.id AND iad.dataset_id = x.dataset_id
    )
  ) THEN
    RAISE EXCEPTION 'Selection %: a judge would keep answers on items outside their subset', NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER issues_switch_keeps_answered_items
  AFTER UPDATE OF access_all_items ON issues
  FOR EACH ROW WHEN (OLD.access_all_items AND NOT NEW.access_all_items)
  EXECUTE FUNCTION issue_switch_keeps_answered_items();
--> statement-breakpoint
-- An item taken out of a judge's subset must take none of their answers or comments with it. Deletions that
-- cascade from an item, a judge or a selection being deleted take the answers too: the item (or the judge's
-- access, or the selection) is already gone when this runs, and is not checked.
CREATE OR REPLACE FUNCTION issue_access_removal_keeps_answered_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM removed r
    JOIN issue_accesses a ON a.id = r.access_id
    JOIN issues i ON i.id = a.issue_id AND NOT i.access_all_items
    JOIN datasets d ON d.id = r.dataset_id
    WHERE EXISTS (
        SELECT 1 FROM issue_answers x
        WHERE x.issue_id = a.issue_id AND x.user_id = a.user_id AND x.dataset_id = r.dataset_id
      ) OR EXISTS (
        SELECT 1 FROM issue_comments x
        WHERE x.issue_id = a.issue_id AND x.user_id = a.user_id AND x.dataset_id = r.dataset_id
      )
  ) THEN
    RAISE EXCEPTION 'A judge would keep answers on an item taken out of their subset';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER issue_access_datasets_removal_keeps_answered_items
  AFTER DELETE ON issue_access_datasets
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION issue_access_removal_keeps_answered_items();
