-- The production product ledger (production_product_histories) is itself a history, like the other ledgers
-- (0014, 0017, 0019): written once with who and when, never changed. eqms_attach_audit() gets the longer list.
CREATE OR REPLACE FUNCTION eqms_attach_audit() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('change_history', 'sessions', 'page_hits', 'saved_conditions', 'user_table_prefs', 'trace_data', 'login_failures', 'auth_epoch', 'material_histories', 'production_material_histories', 'product_stock_histories', 'production_product_histories')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'eqms_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER eqms_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION eqms_audit()', t.relname);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS eqms_audit ON production_product_histories;
