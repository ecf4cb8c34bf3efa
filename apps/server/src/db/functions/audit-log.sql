-- The log is append-only (issue 29, point 4; decision 85): no UPDATE, no TRUNCATE, and no DELETE but the
-- retention purge's, which names its cutoff in a setting of its own transaction (purge_audit_log below).
-- The app has no path that edits the log; these refuse any that a bug or a hand-written query would take.
-- A database owner can still drop the trigger or the table: docs/decisions.md says what this guarantees.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE OR REPLACE FUNCTION purge_audit_log(keep_days integer) RETURNS integer LANGUAGE plpgsql AS $$
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
