CREATE TABLE "item_decisions" (
	"dataset_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"decision" varchar(10) NOT NULL,
	"set_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_decision" varchar(10),
	"sent_time" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_emails" ADD COLUMN "decision" varchar(10);--> statement-breakpoint
ALTER TABLE "email_batches" ADD COLUMN "scheduled_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_batches" ADD COLUMN "sends_decisions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_batches" ADD COLUMN "issue_id" integer;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "variant_subject" varchar(255);--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "variant_html_content" text;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "share_feedback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_decisions" ADD CONSTRAINT "item_decisions_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_decisions" ADD CONSTRAINT "item_decisions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_decisions_team" ON "item_decisions" USING btree ("team_id","decision");--> statement-breakpoint
ALTER TABLE "email_batches" ADD CONSTRAINT "email_batches_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_batches_scheduled" ON "email_batches" USING btree ("scheduled_time") WHERE "email_batches"."status" = 'scheduled';--> statement-breakpoint
-- Each item's round in each selection it is in, as mailings read it (the `round` variable and audience,
-- docs/emails.md): the selection's round, which promotion sets (issues.round, docs/rounds.md).
CREATE OR REPLACE VIEW item_rounds AS
  SELECT d.dataset_id, d.issue_id, i.round
  FROM issue_datasets d JOIN issues i ON i.id = d.issue_id;
