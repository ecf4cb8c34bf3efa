CREATE TABLE "batch_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"dataset_id" integer,
	"to" varchar(250) NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html_message" text DEFAULT '' NOT NULL,
	"status" integer,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"template_id" integer,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"is_rendered" boolean DEFAULT false NOT NULL,
	"send_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(250) NOT NULL,
	"team_id" integer,
	"reason" varchar(12) NOT NULL,
	"detail" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subject" varchar(255) NOT NULL,
	"html_content" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "batch_email_id" integer;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_emails" ADD CONSTRAINT "batch_emails_batch_id_email_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."email_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_emails" ADD CONSTRAINT "batch_emails_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_batches" ADD CONSTRAINT "email_batches_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_batches" ADD CONSTRAINT "email_batches_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_emails_batch" ON "batch_emails" USING btree ("batch_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_emails_batch_dataset" ON "batch_emails" USING btree ("batch_id","dataset_id");--> statement-breakpoint
CREATE INDEX "email_batches_team_created" ON "email_batches" USING btree ("team_id","create_time");--> statement-breakpoint
CREATE INDEX "email_batches_template" ON "email_batches" USING btree ("template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_team_email" ON "email_suppressions" USING btree (coalesce("team_id", 0),"email");--> statement-breakpoint
CREATE INDEX "email_templates_team" ON "email_templates" USING btree ("team_id","id");--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_batch_email_id_batch_emails_id_fk" FOREIGN KEY ("batch_email_id") REFERENCES "public"."batch_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_pending" ON "mail_queue" USING btree ("priority","next_attempt_at","id") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "mail_queue_batch_email" ON "mail_queue" USING btree ("batch_email_id");--> statement-breakpoint
UPDATE "mail_queue" SET "failed_at" = now() WHERE "sent_at" IS NULL AND "attempts" >= 8;