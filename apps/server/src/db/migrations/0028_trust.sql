ALTER TABLE "batch_emails" ADD COLUMN "maybe_sent_twice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "claimed_by" varchar(36);--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;