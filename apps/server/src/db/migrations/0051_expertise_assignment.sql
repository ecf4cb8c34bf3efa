-- Expertise-aware assignment (issue 54): judges’ expertise, bids, uploaded affinities, and each selection’s
-- bidding deadline and last run (decisions 198–203).
CREATE TABLE "issue_affinities" (
	"access_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"score" real NOT NULL,
	CONSTRAINT "issue_affinities_access_id_dataset_id_pk" PRIMARY KEY("access_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "issue_assignment_settings" (
	"issue_id" integer PRIMARY KEY NOT NULL,
	"bidding_deadline" timestamp with time zone,
	"affinity_source" varchar(10) DEFAULT 'text' NOT NULL,
	"eager_bonus" real DEFAULT 0.3 NOT NULL,
	"willing_bonus" real DEFAULT 0.1 NOT NULL,
	"upper_bound" double precision,
	"bound_pairs" integer,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_bids" (
	"access_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"bid" varchar(12) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_bids_access_id_dataset_id_pk" PRIMARY KEY("access_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "issue_expertise" (
	"access_id" integer PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"source" varchar(10) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issue_affinities" ADD CONSTRAINT "issue_affinities_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_affinities" ADD CONSTRAINT "issue_affinities_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignment_settings" ADD CONSTRAINT "issue_assignment_settings_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_bids" ADD CONSTRAINT "issue_bids_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_bids" ADD CONSTRAINT "issue_bids_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_expertise" ADD CONSTRAINT "issue_expertise_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_bids_dataset" ON "issue_bids" USING btree ("dataset_id");