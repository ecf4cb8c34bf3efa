ALTER TABLE "datum_fields" ADD COLUMN "text_format" varchar(10);--> statement-breakpoint
ALTER TABLE "datum_fields" ADD COLUMN "number_min" double precision;--> statement-breakpoint
ALTER TABLE "datum_fields" ADD COLUMN "number_max" double precision;--> statement-breakpoint
ALTER TABLE "intake_forms" ADD COLUMN "edit_until" timestamp with time zone;