CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" varchar(12) NOT NULL,
	"actor_id" integer,
	"action" varchar(40) NOT NULL,
	"object_type" varchar(20) NOT NULL,
	"object_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_team_id" ON "audit_log" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_team_object" ON "audit_log" USING btree ("team_id","object_type","object_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_team_actor" ON "audit_log" USING btree ("team_id","actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_time" ON "audit_log" USING btree ("time");--> statement-breakpoint
-- The log is append-only (issue 29, point 4; decision 85): no UPDATE, no TRUNCATE, and no DELETE but the
-- retention purge's, which names its cutoff in a setting of its own transaction (purge_audit_log below).
-- The app has no path that edits the log; these refuse any that a bug or a hand-written query would take.
-- A database owner can still drop the trigger or the table: docs/decisions.md says what this guarantees.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."time" < NULLIF(current_setting('shortlist.audit_purge_before', true), '')::timestamptz THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Deletes the entries older than keep_days (at least one day), and only those: the trigger above lets
-- a DELETE through for a row older than the cutoff this sets for its own transaction.
CREATE FUNCTION purge_audit_log(keep_days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz := now() - make_interval(days => greatest(keep_days, 1));
  purged integer;
BEGIN
  PERFORM set_config('shortlist.audit_purge_before', cutoff::text, true);
  DELETE FROM audit_log WHERE "time" < cutoff;
  GET DIAGNOSTICS purged = ROW_COUNT;
  PERFORM set_config('shortlist.audit_purge_before', '', true);
  RETURN purged;
END
$$;
