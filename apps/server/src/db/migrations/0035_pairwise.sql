CREATE TABLE "pairwise_items" (
	"issue_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"mu" double precision NOT NULL,
	"sigma_sq" double precision NOT NULL,
	"comparisons" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pairwise_items_issue_id_dataset_id_pk" PRIMARY KEY("issue_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "pairwise_judges" (
	"access_id" integer PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"alpha" double precision NOT NULL,
	"beta" double precision NOT NULL,
	"previous_id" integer,
	"next_id" integer,
	"shown_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pairwise_seen" (
	"access_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	CONSTRAINT "pairwise_seen_access_id_dataset_id_pk" PRIMARY KEY("access_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "pairwise_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"winner_id" integer NOT NULL,
	"loser_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "shortlist_size" integer;--> statement-breakpoint
ALTER TABLE "pairwise_items" ADD CONSTRAINT "pairwise_items_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_items" ADD CONSTRAINT "pairwise_items_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_judges" ADD CONSTRAINT "pairwise_judges_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_judges" ADD CONSTRAINT "pairwise_judges_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_judges" ADD CONSTRAINT "pairwise_judges_previous_id_datasets_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_judges" ADD CONSTRAINT "pairwise_judges_next_id_datasets_id_fk" FOREIGN KEY ("next_id") REFERENCES "public"."datasets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_seen" ADD CONSTRAINT "pairwise_seen_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_seen" ADD CONSTRAINT "pairwise_seen_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_votes" ADD CONSTRAINT "pairwise_votes_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_votes" ADD CONSTRAINT "pairwise_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_votes" ADD CONSTRAINT "pairwise_votes_winner_id_datasets_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairwise_votes" ADD CONSTRAINT "pairwise_votes_loser_id_datasets_id_fk" FOREIGN KEY ("loser_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pairwise_judges_issue" ON "pairwise_judges" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "pairwise_votes_issue_user" ON "pairwise_votes" USING btree ("issue_id","user_id");