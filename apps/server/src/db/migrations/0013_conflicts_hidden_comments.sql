CREATE TABLE "issue_conflicts" (
	"access_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"set_by" varchar(10) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_conflicts_access_id_dataset_id_pk" PRIMARY KEY("access_id","dataset_id")
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "hide_comments_until_submitted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_conflicts" ADD CONSTRAINT "issue_conflicts_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_conflicts" ADD CONSTRAINT "issue_conflicts_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_conflicts_dataset" ON "issue_conflicts" USING btree ("dataset_id");