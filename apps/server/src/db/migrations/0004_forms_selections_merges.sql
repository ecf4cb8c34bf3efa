CREATE TABLE "css_themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer,
	"name" varchar(100) NOT NULL,
	"path" varchar(300) NOT NULL,
	"destination" varchar(20) DEFAULT 'form' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datum_field_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"datum_field_id" integer NOT NULL,
	"comparison" varchar(10) DEFAULT 'equals' NOT NULL,
	"value" varchar(300) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"email" varchar(250) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"submit_time" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"text" varchar(400) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"linked_to_df_id" integer
);
--> statement-breakpoint
CREATE TABLE "intake_form_tags" (
	"form_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "intake_form_tags_form_id_tag_id_pk" PRIMARY KEY("form_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "intake_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"data_model_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"language_code" varchar(2) DEFAULT 'en' NOT NULL,
	"page_header_id" integer,
	"css_theme_id" integer,
	"allow_partial_save" boolean DEFAULT false NOT NULL,
	"title_field" integer DEFAULT 0 NOT NULL,
	"after_submit_message" text DEFAULT '' NOT NULL,
	"respondent_email_active" boolean DEFAULT false NOT NULL,
	"respondent_email_include_recap" boolean DEFAULT false NOT NULL,
	"respondent_email_subject" varchar(250) DEFAULT '' NOT NULL,
	"respondent_email_content" text DEFAULT '' NOT NULL,
	"respondent_email_html_content" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_access_datasets" (
	"access_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	CONSTRAINT "issue_access_datasets_access_id_dataset_id_pk" PRIMARY KEY("access_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "issue_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" varchar(64) NOT NULL,
	"origin" varchar(10) DEFAULT 'admin' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"question_id" integer,
	"value" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"question_id" integer,
	"content" varchar(400) NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_datasets" (
	"issue_id" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_datasets_issue_id_dataset_id_pk" PRIMARY KEY("issue_id","dataset_id")
);
--> statement-breakpoint
CREATE TABLE "issue_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_merge_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"weight" double precision DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_merge_tags" (
	"merge_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "issue_merge_tags_merge_id_tag_id_pk" PRIMARY KEY("merge_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "issue_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(250) NOT NULL,
	"description" varchar(400) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"title" varchar(150) NOT NULL,
	"description" varchar(600) DEFAULT '' NOT NULL,
	"weight" double precision DEFAULT 1 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_tags" (
	"issue_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "issue_tags_issue_id_tag_id_pk" PRIMARY KEY("issue_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"data_model_id" integer,
	"resourcetype" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"title" varchar(150) NOT NULL,
	"description" varchar(600) DEFAULT '' NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"email_required" boolean DEFAULT true NOT NULL,
	"email_link" boolean DEFAULT true NOT NULL,
	"access_all_items" boolean DEFAULT true NOT NULL,
	"judges_can_load_dataset_details" boolean DEFAULT false NOT NULL,
	"random_order" boolean DEFAULT false NOT NULL,
	"comments_mode" varchar(10) DEFAULT 'DATASET' NOT NULL,
	"item_label_singular_en" varchar(20) DEFAULT 'item' NOT NULL,
	"item_label_plural_en" varchar(20) DEFAULT 'items' NOT NULL,
	"min_rating" double precision,
	"max_rating" double precision,
	"step" double precision,
	"nb_tokens" integer,
	"max_per_item" integer,
	"min_items" integer,
	"max_items" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"type" varchar(40) NOT NULL,
	"form_id" integer,
	"issue_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"frequency" varchar(10) DEFAULT 'immediate' NOT NULL,
	"notified_until" timestamp with time zone DEFAULT now() NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_headers" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"title" varchar(150) NOT NULL,
	"html" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spent_captchas" (
	"signature" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "datum_fields" ADD COLUMN "condition_id" integer;--> statement-breakpoint
ALTER TABLE "css_themes" ADD CONSTRAINT "css_themes_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datum_field_conditions" ADD CONSTRAINT "datum_field_conditions_form_id_intake_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."intake_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "datum_field_conditions" ADD CONSTRAINT "datum_field_conditions_datum_field_id_datum_fields_id_fk" FOREIGN KEY ("datum_field_id") REFERENCES "public"."datum_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_intake_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."intake_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_titles" ADD CONSTRAINT "form_titles_form_id_intake_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."intake_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_titles" ADD CONSTRAINT "form_titles_linked_to_df_id_datum_fields_id_fk" FOREIGN KEY ("linked_to_df_id") REFERENCES "public"."datum_fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_form_tags" ADD CONSTRAINT "intake_form_tags_form_id_intake_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."intake_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_form_tags" ADD CONSTRAINT "intake_form_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_data_model_id_data_models_id_fk" FOREIGN KEY ("data_model_id") REFERENCES "public"."data_models"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_page_header_id_page_headers_id_fk" FOREIGN KEY ("page_header_id") REFERENCES "public"."page_headers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD CONSTRAINT "intake_forms_css_theme_id_css_themes_id_fk" FOREIGN KEY ("css_theme_id") REFERENCES "public"."css_themes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_access_datasets" ADD CONSTRAINT "issue_access_datasets_access_id_issue_accesses_id_fk" FOREIGN KEY ("access_id") REFERENCES "public"."issue_accesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_access_datasets" ADD CONSTRAINT "issue_access_datasets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_accesses" ADD CONSTRAINT "issue_accesses_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_accesses" ADD CONSTRAINT "issue_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_answers" ADD CONSTRAINT "issue_answers_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_answers" ADD CONSTRAINT "issue_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_answers" ADD CONSTRAINT "issue_answers_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_answers" ADD CONSTRAINT "issue_answers_question_id_issue_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."issue_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_comments" ADD CONSTRAINT "issue_comments_question_id_issue_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."issue_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_datasets" ADD CONSTRAINT "issue_datasets_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_datasets" ADD CONSTRAINT "issue_datasets_dataset_id_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_invitations" ADD CONSTRAINT "issue_invitations_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_invitations" ADD CONSTRAINT "issue_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_merge_infos" ADD CONSTRAINT "issue_merge_infos_merge_id_issue_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."issue_merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_merge_infos" ADD CONSTRAINT "issue_merge_infos_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_merge_tags" ADD CONSTRAINT "issue_merge_tags_merge_id_issue_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."issue_merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_merge_tags" ADD CONSTRAINT "issue_merge_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_merges" ADD CONSTRAINT "issue_merges_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_questions" ADD CONSTRAINT "issue_questions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_submissions" ADD CONSTRAINT "issue_submissions_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_submissions" ADD CONSTRAINT "issue_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tags" ADD CONSTRAINT "issue_tags_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tags" ADD CONSTRAINT "issue_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_data_model_id_data_models_id_fk" FOREIGN KEY ("data_model_id") REFERENCES "public"."data_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_form_id_intake_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."intake_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_headers" ADD CONSTRAINT "page_headers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "css_themes_team" ON "css_themes" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "datum_field_conditions_unique" ON "datum_field_conditions" USING btree ("form_id","datum_field_id","comparison","value");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_dataset" ON "form_submissions" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "form_submissions_form_created" ON "form_submissions" USING btree ("form_id","create_time");--> statement-breakpoint
CREATE INDEX "form_submissions_status_created" ON "form_submissions" USING btree ("status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "form_titles_form_position" ON "form_titles" USING btree ("form_id","position");--> statement-breakpoint
CREATE INDEX "intake_form_tags_tag" ON "intake_form_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "intake_forms_team_created" ON "intake_forms" USING btree ("team_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "intake_forms_data_model" ON "intake_forms" USING btree ("data_model_id");--> statement-breakpoint
CREATE INDEX "issue_access_datasets_dataset" ON "issue_access_datasets" USING btree ("dataset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_accesses_issue_user" ON "issue_accesses" USING btree ("issue_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_accesses_token" ON "issue_accesses" USING btree ("token");--> statement-breakpoint
CREATE INDEX "issue_accesses_user" ON "issue_accesses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_answers_unique" ON "issue_answers" USING btree ("issue_id","user_id","dataset_id",coalesce("question_id", 0));--> statement-breakpoint
CREATE INDEX "issue_answers_issue_dataset" ON "issue_answers" USING btree ("issue_id","dataset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_comments_unique" ON "issue_comments" USING btree ("issue_id","user_id","dataset_id",coalesce("question_id", 0));--> statement-breakpoint
CREATE INDEX "issue_comments_issue_dataset" ON "issue_comments" USING btree ("issue_id","dataset_id");--> statement-breakpoint
CREATE INDEX "issue_datasets_dataset" ON "issue_datasets" USING btree ("dataset_id");--> statement-breakpoint
CREATE INDEX "issue_invitations_issue_user" ON "issue_invitations" USING btree ("issue_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_merge_infos_merge_issue" ON "issue_merge_infos" USING btree ("merge_id","issue_id");--> statement-breakpoint
CREATE INDEX "issue_merge_tags_tag" ON "issue_merge_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "issue_merges_team_created" ON "issue_merges" USING btree ("team_id","create_time");--> statement-breakpoint
CREATE INDEX "issue_questions_issue" ON "issue_questions" USING btree ("issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_submissions_issue_user" ON "issue_submissions" USING btree ("issue_id","user_id");--> statement-breakpoint
CREATE INDEX "issue_tags_tag" ON "issue_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "issues_team_created" ON "issues" USING btree ("team_id","create_time");--> statement-breakpoint
CREATE INDEX "mail_queue_due" ON "mail_queue" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_settings_form" ON "notification_settings" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "notification_settings_issue" ON "notification_settings" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "page_headers_team" ON "page_headers" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "datum_fields" ADD CONSTRAINT "datum_fields_condition_id_datum_field_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."datum_field_conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;