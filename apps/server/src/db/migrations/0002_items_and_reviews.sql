CREATE TABLE "data_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_model_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(150) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datum_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_model_id" integer NOT NULL,
	"resourcetype" varchar(10) NOT NULL,
	"label" varchar(400) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"on_forms" boolean DEFAULT true NOT NULL,
	"on_issues" boolean DEFAULT true NOT NULL,
	"template_variable_email" varchar(30),
	"response_max_length" integer,
	"multiple" boolean DEFAULT false NOT NULL,
	"radio" boolean DEFAULT false NOT NULL,
	"options" jsonb,
	"mime_types" jsonb,
	"max_size_bytes" integer,
	"custom_type" varchar(20),
	"json_config" jsonb,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datum_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"datum_field_id" integer NOT NULL,
	"resourcetype" varchar(10) NOT NULL,
	"response" text,
	"json_response" jsonb,
	"file_key" varchar(64),
	"filename" varchar(255),
	"file_size" integer,
	"mime_type" varchar(100),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"creator_id" integer,
	"content" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"label" varchar(100) NOT NULL,
	"color" varchar(20) DEFAULT '' NOT NULL,
	"bg_color" varchar(20) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"dataset_id" integer NOT NULL,
	"issue_id" integer,
	"status_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_models" ADD CONSTRAINT "data_models_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_data_model_id_data_models_id_fk" FOREIGN KEY ("data_model_id") REFERENCES "public"."data_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datasets" ADD CONSTRAINT "datasets_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datum_fields" ADD CONSTRAINT "datum_fields_data_model_id_data_models_id_fk" FOREIGN KEY ("data_model_id") REFERENCES "public"."data_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datum_values" ADD CONSTRAINT "datum_values_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datum_values" ADD CONSTRAINT "datum_values_datum_field_id_datum_fields_id_fk" FOREIGN KEY ("datum_field_id") REFERENCES "public"."datum_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_statuses" ADD CONSTRAINT "review_statuses_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_id_review_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."review_statuses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_models_team" ON "data_models" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "datasets_team_created" ON "datasets" USING btree ("team_id","create_time");--> statement-breakpoint
CREATE INDEX "datasets_data_model" ON "datasets" USING btree ("data_model_id");--> statement-breakpoint
CREATE INDEX "datasets_team_title" ON "datasets" USING btree ("team_id","title");--> statement-breakpoint
CREATE INDEX "datum_fields_data_model" ON "datum_fields" USING btree ("data_model_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "datum_values_dataset_field" ON "datum_values" USING btree ("dataset_id","datum_field_id");--> statement-breakpoint
CREATE INDEX "datum_values_field" ON "datum_values" USING btree ("datum_field_id");--> statement-breakpoint
CREATE INDEX "review_comments_review" ON "review_comments" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_statuses_team" ON "review_statuses" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_dataset_issue" ON "reviews" USING btree ("dataset_id",coalesce("issue_id", 0));--> statement-breakpoint
CREATE INDEX "reviews_status" ON "reviews" USING btree ("status_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_team_name" ON "tags" USING btree ("team_id",lower("name"));