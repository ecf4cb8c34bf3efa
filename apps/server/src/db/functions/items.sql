-- The items list reads each item's own review status from its row (issue 28, decision 83; migration 0030) and
-- counts a tag's items from rows of their own (decision 89, migration 0033).

-- An item's own review is the one outside any selection (at most one: reviews_dataset_issue). Its status is
-- copied to the item whenever the review is written, moved, deleted, or loses its status (a status deleted
-- sets the reviews' status_id to null, which fires this trigger too).
CREATE OR REPLACE FUNCTION datasets_copy_review_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.issue_id IS NULL
    AND (TG_OP = 'DELETE' OR NEW.issue_id IS NOT NULL OR NEW.dataset_id <> OLD.dataset_id) THEN
    UPDATE datasets SET review_status_id = NULL WHERE id = OLD.dataset_id AND review_status_id IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.issue_id IS NULL THEN
    UPDATE datasets SET review_status_id = NEW.status_id
      WHERE id = NEW.dataset_id AND review_status_id IS DISTINCT FROM NEW.status_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_copy_status AFTER INSERT OR DELETE OR UPDATE OF status_id, issue_id, dataset_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION datasets_copy_review_status();
--> statement-breakpoint

-- One rule matches item tags everywhere (issue 56, point 11; decision 175; migration 0047): trimmed,
-- case-insensitive, exact, as the contract's `tagKey`. A value's key, and an item's tags as keys (each as
-- `tag_key`, written out: an index expression must not depend on the search path), which the search index holds.
CREATE OR REPLACE FUNCTION tag_key(tag text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(btrim(tag))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tag_keys(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(lower(btrim(t))), '{}') FROM unnest(tags) AS t
$$;
--> statement-breakpoint

-- Each item's tags as rows of dataset_tags, by key (issue 28, decision 89; migrations 0033, 0047): the items
-- list counts a tag's items from that table's primary key. An item's deletion removes its rows by the foreign
-- key's cascade.
CREATE OR REPLACE FUNCTION datasets_copy_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM dataset_tags
      WHERE team_id = OLD.team_id AND tag = ANY (tag_keys(OLD.tags)) AND dataset_id = OLD.id
        AND (NEW.team_id <> OLD.team_id OR NOT tag = ANY (tag_keys(NEW.tags)));
  END IF;
  INSERT INTO dataset_tags (team_id, tag, dataset_id)
    SELECT NEW.team_id, tag, NEW.id FROM unnest(tag_keys(NEW.tags)) AS tag
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER datasets_copy_tags AFTER INSERT OR UPDATE OF tags, team_id ON datasets
  FOR EACH ROW EXECUTE FUNCTION datasets_copy_tags();
