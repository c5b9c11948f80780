CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
-- API tokens (issue 17) stay out of the change history like ingest keys (0023): the row records its creation and
-- revocation, its last-used time moves every minute an assistant calls, and the hash stays out. The exclusion list is
-- 0036's plus api_tokens.
CREATE OR REPLACE FUNCTION eqms_attach_audit() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('change_history', 'sessions', 'page_hits', 'saved_conditions', 'user_table_prefs', 'trace_data', 'login_failures', 'auth_epoch', 'material_histories', 'production_material_histories', 'product_stock_histories', 'production_product_histories', 'trace_spec_outs', 'ingest_keys', 'trace_minutes', 'equipment_histories', 'api_tokens')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'eqms_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER eqms_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION eqms_audit()', t.relname);
  END LOOP;
END;
$$;
