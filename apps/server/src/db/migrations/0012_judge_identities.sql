DROP INDEX "users_email_lower";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_judge_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_judge_email_lower" ON "users" USING btree (lower("email")) WHERE "users"."is_judge_only";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email")) WHERE not "users"."is_judge_only";