ALTER TABLE "pairwise_seen" ADD COLUMN "times" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "pairwise_seen" ADD COLUMN "skipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Before this migration a skip left no trace but the row: an item a judge was shown, is not on their screen
-- now and is in none of their votes was skipped, and must stay out of their sight.
UPDATE "pairwise_seen" s SET "skipped" = true
FROM "issue_accesses" a
JOIN "pairwise_judges" j ON j."access_id" = a."id"
WHERE a."id" = s."access_id"
  AND s."dataset_id" IS DISTINCT FROM j."next_id"
  AND s."dataset_id" IS DISTINCT FROM j."previous_id"
  AND NOT EXISTS (
    SELECT 1 FROM "pairwise_votes" v
    WHERE v."issue_id" = a."issue_id" AND v."user_id" = a."user_id"
      AND (v."winner_id" = s."dataset_id" OR v."loser_id" = s."dataset_id")
  );
