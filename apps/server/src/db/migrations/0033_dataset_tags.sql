-- Each tag of each item as a row (issue 28, decision 89), where a tag's items are counted from an index alone.
CREATE TABLE "dataset_tags" (
	"team_id" integer NOT NULL,
	"tag" text NOT NULL,
	"dataset_id" integer NOT NULL,
	CONSTRAINT "dataset_tags_team_id_tag_dataset_id_pk" PRIMARY KEY("team_id","tag","dataset_id")
);
--> statement-breakpoint
ALTER TABLE "dataset_tags" ADD CONSTRAINT "dataset_tags_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dataset_tags_dataset" ON "dataset_tags" USING btree ("dataset_id");--> statement-breakpoint
INSERT INTO "dataset_tags" ("team_id", "tag", "dataset_id")
  SELECT DISTINCT d."team_id", t."tag", d."id" FROM "datasets" d, unnest(d."tags") AS t("tag");--> statement-breakpoint
CREATE OR REPLACE FUNCTION datasets_copy_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM dataset_tags
      WHERE team_id = OLD.team_id AND tag = ANY (OLD.tags) AND dataset_id = OLD.id
        AND (NEW.team_id <> OLD.team_id OR NOT tag = ANY (NEW.tags));
  END IF;
  INSERT INTO dataset_tags (team_id, tag, dataset_id)
    SELECT NEW.team_id, tag, NEW.id FROM unnest(NEW.tags) AS tag
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER datasets_copy_tags AFTER INSERT OR UPDATE OF tags, team_id ON datasets
  FOR EACH ROW EXECUTE FUNCTION datasets_copy_tags();
