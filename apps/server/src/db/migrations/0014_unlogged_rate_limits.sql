-- Counts of rate limits are worth no WAL (decision 44): a crash or a fail-over forgets them, as a restart did.
ALTER TABLE "rate_counters" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_attempts" SET UNLOGGED;
