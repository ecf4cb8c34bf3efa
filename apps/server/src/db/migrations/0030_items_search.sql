-- The items list at a million items (issue 28, decision 83): a trigram index for the title search and the
-- item's own review status copied onto its row, so that search, status and tag meet in one GIN index;
-- the members and selections lists' orders read from indexes at 10,000 of each.
-- Both extensions are trusted (PostgreSQL 13+: a database owner may create them); PGlite loads them in
-- db/client.ts. IF NOT EXISTS: a server where an administrator created them first works as well.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "datasets_team_created";--> statement-breakpoint
DROP INDEX "datasets_data_model";--> statement-breakpoint
DROP INDEX "datasets_team_lower_title";--> statement-breakpoint
DROP INDEX "issues_team_created";--> statement-breakpoint
ALTER TABLE "datasets" ADD COLUMN "review_status_id" integer;--> statement-breakpoint
UPDATE "datasets" SET "review_status_id" = r."status_id"
  FROM "reviews" r
  WHERE r."dataset_id" = "datasets"."id" AND r."issue_id" IS NULL AND r."status_id" IS NOT NULL;--> statement-breakpoint
-- An item's own review is the one outside any selection (at most one: reviews_dataset_issue). Its status is
-- copied to the item whenever the review is written, moved, deleted, or loses its status (a status deleted
-- sets the reviews' status_id to null, which fires this trigger too).
CREATE FUNCTION datasets_copy_review_status() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER reviews_copy_status AFTER INSERT OR DELETE OR UPDATE OF status_id, issue_id, dataset_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION datasets_copy_review_status();--> statement-breakpoint
CREATE INDEX "datasets_search" ON "datasets" USING gin ("review_status_id","tags",lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "issues_team_lower_title" ON "issues" USING btree ("team_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "team_members_team_pseudo" ON "team_members" USING btree ("team_id","pseudo","id");--> statement-breakpoint
CREATE INDEX "datasets_team_created" ON "datasets" USING btree ("team_id","create_time","id");--> statement-breakpoint
CREATE INDEX "datasets_data_model" ON "datasets" USING btree ("data_model_id","team_id");--> statement-breakpoint
CREATE INDEX "users_email" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "reviews_issue_status" ON "reviews" USING btree ("issue_id","status_id","dataset_id") WHERE "reviews"."issue_id" is not null;--> statement-breakpoint
CREATE INDEX "datasets_review_status" ON "datasets" USING btree ("review_status_id","team_id") WHERE "datasets"."review_status_id" is not null;--> statement-breakpoint
CREATE INDEX "datasets_team_lower_title" ON "datasets" USING btree ("team_id",lower("title"),"id","title","review_status_id");--> statement-breakpoint
CREATE INDEX "issues_team_created" ON "issues" USING btree ("team_id","create_time","id");
