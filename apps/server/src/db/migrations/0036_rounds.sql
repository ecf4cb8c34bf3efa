CREATE TABLE "item_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"target_issue_id" integer NOT NULL,
	"source_type" varchar(10) NOT NULL,
	"source_issue_id" integer,
	"source_merge_id" integer,
	"source_title" varchar(250) NOT NULL,
	"source_round" integer NOT NULL,
	"selector" varchar(10) NOT NULL,
	"rank" integer,
	"value" double precision,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_promotions" ADD CONSTRAINT "item_promotions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_promotions" ADD CONSTRAINT "item_promotions_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_promotions" ADD CONSTRAINT "item_promotions_target_issue_id_issues_id_fk" FOREIGN KEY ("target_issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_promotions" ADD CONSTRAINT "item_promotions_source_issue_id_issues_id_fk" FOREIGN KEY ("source_issue_id") REFERENCES "public"."issues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_promotions" ADD CONSTRAINT "item_promotions_source_merge_id_issue_merges_id_fk" FOREIGN KEY ("source_merge_id") REFERENCES "public"."issue_merges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_promotions_target_dataset" ON "item_promotions" USING btree ("target_issue_id","dataset_id");--> statement-breakpoint
CREATE INDEX "item_promotions_dataset" ON "item_promotions" USING btree ("dataset_id");