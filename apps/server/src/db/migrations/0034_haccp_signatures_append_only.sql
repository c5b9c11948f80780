-- HACCP signatures are append-only (issue 16): no code path may change or remove who signed what, when.
CREATE OR REPLACE FUNCTION haccp_signatures_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'haccp_signatures is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER haccp_signatures_append_only BEFORE UPDATE OR DELETE ON haccp_signatures
  FOR EACH ROW EXECUTE FUNCTION haccp_signatures_append_only();
