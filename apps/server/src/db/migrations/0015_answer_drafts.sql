CREATE TABLE "issue_answer_drafts" (
	"access_id" integer PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ALTER COLUMN "judges_can_load_dataset_details" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "issue_answer_drafts" ADD CONSTRAINT "issue_answer_drafts_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;