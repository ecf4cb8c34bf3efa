ALTER TABLE "datum_fields" ADD COLUMN "identifying" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_datasets" ADD COLUMN "number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "hidden_fields" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "hide_respondent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "hide_judge_names" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "item_numbers" integer DEFAULT 0 NOT NULL;