CREATE TABLE "rate_attempts" (
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_attempts_key_at" ON "rate_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "rate_attempts_expires_at" ON "rate_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_counters_resets_at" ON "rate_counters" USING btree ("resets_at");