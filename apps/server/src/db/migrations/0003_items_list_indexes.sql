DROP INDEX "datasets_team_title";--> statement-breakpoint
CREATE INDEX "datasets_team_lower_title" ON "datasets" USING btree ("team_id",lower("title"),"id");