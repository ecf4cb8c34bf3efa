CREATE TABLE "scheduled_runs" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "email_verification_status" varchar(3) DEFAULT 'unc' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "verifies_submission_id" integer;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_verifies_submission_id_form_submissions_id_fk" FOREIGN KEY ("verifies_submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE set null ON UPDATE no action;