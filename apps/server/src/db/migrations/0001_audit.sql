-- Change history (ARCHITECTURE §6): every insert, update and delete of a business table is written by
-- this trigger with the transaction's actor (set_config('eqms.actor', …, true)); the history is append-only.
CREATE OR REPLACE FUNCTION eqms_audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor text := NULLIF(current_setting('eqms.actor', true), '');
  -- secrets and file bytes never go into the history
  hidden text[] := CASE WHEN TG_TABLE_NAME = 'files' THEN ARRAY['data'] ELSE ARRAY['password_hash'] END;
  old_row jsonb;
  new_row jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    new_row := to_jsonb(NEW) - hidden;
    INSERT INTO change_history (revision_type, table_name, row_id, update_by, new_data)
      VALUES ('ADD', TG_TABLE_NAME, new_row->>'id', COALESCE(actor, 'system'), new_row);
    RETURN NEW;
  ELSIF TG_OP = 'UPDATE' THEN
    old_row := to_jsonb(OLD) - hidden;
    new_row := to_jsonb(NEW) - hidden;
    INSERT INTO change_history (revision_type, table_name, row_id, update_by, old_data, new_data)
      VALUES ('MOD', TG_TABLE_NAME, new_row->>'id', COALESCE(actor, 'system'), old_row, new_row);
    RETURN NEW;
  ELSE
    old_row := to_jsonb(OLD) - hidden;
    INSERT INTO change_history (revision_type, table_name, row_id, update_by, old_data)
      VALUES ('DEL', TG_TABLE_NAME, old_row->>'id', COALESCE(actor, 'system'), old_row);
    RETURN OLD;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION eqms_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'change_history is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER change_history_append_only BEFORE UPDATE OR DELETE ON change_history
  FOR EACH ROW EXECUTE FUNCTION eqms_history_append_only();
--> statement-breakpoint
CREATE TRIGGER change_history_no_truncate BEFORE TRUNCATE ON change_history
  FOR EACH STATEMENT EXECUTE FUNCTION eqms_history_append_only();
--> statement-breakpoint
-- Attaches the audit trigger to every table of the public schema that lacks it, except the tables that are
-- not business data. Called after every migration run, so a new module's tables are covered by themselves.
CREATE OR REPLACE FUNCTION eqms_attach_audit() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('change_history', 'sessions', 'page_hits')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'eqms_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER eqms_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION eqms_audit()', t.relname);
  END LOOP;
END;
$$;
