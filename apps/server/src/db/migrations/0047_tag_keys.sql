-- One rule matches item tags everywhere (issue 56, point 11; decision 175): trimmed, case-insensitive, exact.
-- The search index and dataset_tags hold the tags' keys; every filter compares keys.
CREATE OR REPLACE FUNCTION tag_key(tag text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(btrim(tag))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tag_keys(tags text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(lower(btrim(t))), '{}') FROM unnest(tags) AS t
$$;
--> statement-breakpoint
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
DELETE FROM "dataset_tags";--> statement-breakpoint
INSERT INTO "dataset_tags" ("team_id", "tag", "dataset_id")
  SELECT DISTINCT d."team_id", t."tag", d."id" FROM "datasets" d, unnest(tag_keys(d."tags")) AS t("tag");--> statement-breakpoint
DROP INDEX "datasets_search";--> statement-breakpoint
CREATE INDEX "datasets_search" ON "datasets" USING gin ("review_status_id",tag_keys("tags"),lower("title") gin_trgm_ops);
