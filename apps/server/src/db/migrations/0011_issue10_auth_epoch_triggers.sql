-- The auth epoch (platform/auth/session.table.ts): the one row counting committed changes to what a signed-in
-- request's principal is made of. The guard reads only this count per request and reloads a session's user, roles
-- and rights when it moved, so a revocation or a role change still takes effect on the next request on every
-- instance sharing the database.
-- The triggers are deferred constraint triggers: the bump runs at commit, in the changing transaction, so the new
-- count becomes visible together with the change (never before it, which a sequence would allow), and the row lock
-- on the epoch is the last lock such a transaction takes (no deadlock with the rows it changed).
INSERT INTO auth_epoch (id, n) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION eqms_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_epoch SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A cached session assumes its start never changes and its last activity only moves forward (the guard's writes
-- are monotonic): any other change to them (an operator's fix, a test stepping the clock) counts like a revocation.
CREATE CONSTRAINT TRIGGER eqms_auth_session_changed AFTER UPDATE ON sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.created_at IS DISTINCT FROM NEW.created_at OR NEW.last_access_at < OLD.last_access_at)
  EXECUTE FUNCTION eqms_auth_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER eqms_auth_session_deleted AFTER DELETE ON sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION eqms_auth_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER eqms_auth_user_changed AFTER UPDATE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.enabled IS DISTINCT FROM NEW.enabled OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION eqms_auth_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER eqms_auth_user_deleted AFTER DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION eqms_auth_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER eqms_auth_role_changed AFTER UPDATE OR DELETE ON roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION eqms_auth_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER eqms_auth_user_roles_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION eqms_auth_changed();
--> statement-breakpoint
-- The epoch is bookkeeping, bumped on every logout: it stays out of the change history. eqms_attach_audit() is
-- redefined with the longer exclusion list (0008's plus auth_epoch).
CREATE OR REPLACE FUNCTION eqms_attach_audit() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('change_history', 'sessions', 'page_hits', 'saved_conditions', 'user_table_prefs', 'trace_data', 'login_failures', 'auth_epoch')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'eqms_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER eqms_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION eqms_audit()', t.relname);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS eqms_audit ON auth_epoch;
