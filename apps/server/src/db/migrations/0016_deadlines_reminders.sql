ALTER TABLE "issues" ADD COLUMN "deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "keep_open_after_deadline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "reminder_days_before" integer;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "deadline_closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "issues_open_deadline" ON "issues" USING btree ("deadline") WHERE "issues"."status" = 'open' and "issues"."deadline" is not null;