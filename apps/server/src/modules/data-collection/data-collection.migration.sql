-- data-collection (issue 15): spec-out rows of collected values (trace_spec_outs) are machine data like trace_data
-- (0005): up to one per point, so they stay out of the change history. So do ingest keys: the row itself records who
-- created and revoked it, and its last-used time changes every minute a machine sends (and the hash stays out). eqms_attach_audit() gets the longer list
-- (the list of 0021 plus trace_spec_outs; merge with any list a later migration adds). Place in a --custom migration.
CREATE OR REPLACE FUNCTION eqms_attach_audit() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('change_history', 'sessions', 'page_hits', 'saved_conditions', 'user_table_prefs', 'trace_data', 'login_failures', 'auth_epoch', 'material_histories', 'production_material_histories', 'product_stock_histories', 'production_product_histories', 'trace_spec_outs', 'ingest_keys')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'eqms_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER eqms_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION eqms_audit()', t.relname);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS eqms_audit ON trace_spec_outs;
--> statement-breakpoint
DROP TRIGGER IF EXISTS eqms_audit ON ingest_keys;
