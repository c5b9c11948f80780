-- data-collection (issue 15, trend speed): trace_minutes is kept by trace_data's own triggers, so every writer (HTTP
-- and MQTT ingest, the demo seed, a test's INSERT) keeps it without knowing. An insert adds its rows' minutes (one
-- statement-level trigger over the inserted rows: ON CONFLICT DO NOTHING leaves duplicates out of them); a delete or
-- an update makes the minutes it touched again from trace_data. A restore loads both tables with triggers off
-- (session_replication_role = replica), so the copied minutes stay as they were. Machine data: out of the change
-- history like trace_data (eqms_attach_audit() gets the longer list: 0023's plus trace_minutes).
CREATE OR REPLACE FUNCTION eqms_attach_audit() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND c.relname NOT IN ('change_history', 'sessions', 'page_hits', 'saved_conditions', 'user_table_prefs', 'trace_data', 'login_failures', 'auth_epoch', 'material_histories', 'production_material_histories', 'product_stock_histories', 'production_product_histories', 'trace_spec_outs', 'ingest_keys', 'trace_minutes')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'eqms_audit')
  LOOP
    EXECUTE format('CREATE TRIGGER eqms_audit AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION eqms_audit()', t.relname);
  END LOOP;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS eqms_audit ON trace_minutes;
--> statement-breakpoint
-- The inserted rows' minutes, merged into what is there: counts add up; the first and last are the earliest and latest
-- point; the minimum and maximum keep their earliest time on a tie. Minutes in key order, so two ingests of the same
-- minutes lock them in the same order.
CREATE OR REPLACE FUNCTION eqms_trace_minutes_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trace_minutes AS m (parameter_id, minute, n, first_ts, first_value, last_ts, last_value, min_ts, min_value, max_ts, max_value)
  SELECT parameter_id, date_trunc('minute', ts), count(*)::int,
         min(ts), (array_agg(value ORDER BY ts))[1],
         max(ts), (array_agg(value ORDER BY ts DESC))[1],
         (array_agg(ts ORDER BY value, ts))[1], min(value),
         (array_agg(ts ORDER BY value DESC, ts))[1], max(value)
    FROM new_rows
   GROUP BY parameter_id, date_trunc('minute', ts)
   ORDER BY parameter_id, date_trunc('minute', ts)
  ON CONFLICT (parameter_id, minute) DO UPDATE SET
    n = m.n + excluded.n,
    first_ts = least(m.first_ts, excluded.first_ts),
    first_value = CASE WHEN excluded.first_ts < m.first_ts THEN excluded.first_value ELSE m.first_value END,
    last_ts = greatest(m.last_ts, excluded.last_ts),
    last_value = CASE WHEN excluded.last_ts > m.last_ts THEN excluded.last_value ELSE m.last_value END,
    min_value = least(m.min_value, excluded.min_value),
    min_ts = CASE WHEN excluded.min_value < m.min_value OR (excluded.min_value = m.min_value AND excluded.min_ts < m.min_ts)
                  THEN excluded.min_ts ELSE m.min_ts END,
    max_value = greatest(m.max_value, excluded.max_value),
    max_ts = CASE WHEN excluded.max_value > m.max_value OR (excluded.max_value = m.max_value AND excluded.max_ts < m.max_ts)
                  THEN excluded.max_ts ELSE m.max_ts END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The minutes a delete or an update touched, made again from what trace_data holds now (gone when it holds none).
CREATE OR REPLACE FUNCTION eqms_trace_minutes_redo(touched jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM trace_minutes m
   USING jsonb_to_recordset(touched) AS t(parameter_id int, minute timestamptz)
   WHERE m.parameter_id = t.parameter_id AND m.minute = t.minute;
  INSERT INTO trace_minutes (parameter_id, minute, n, first_ts, first_value, last_ts, last_value, min_ts, min_value, max_ts, max_value)
  SELECT d.parameter_id, date_trunc('minute', d.ts), count(*)::int,
         min(d.ts), (array_agg(d.value ORDER BY d.ts))[1],
         max(d.ts), (array_agg(d.value ORDER BY d.ts DESC))[1],
         (array_agg(d.ts ORDER BY d.value, d.ts))[1], min(d.value),
         (array_agg(d.ts ORDER BY d.value DESC, d.ts))[1], max(d.value)
    FROM jsonb_to_recordset(touched) AS t(parameter_id int, minute timestamptz)
    JOIN trace_data d ON d.parameter_id = t.parameter_id AND d.ts >= t.minute AND d.ts < t.minute + interval '1 minute'
   GROUP BY d.parameter_id, date_trunc('minute', d.ts);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION eqms_trace_minutes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM eqms_trace_minutes_redo((
    SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('parameter_id', parameter_id, 'minute', date_trunc('minute', ts))), '[]')
      FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION eqms_trace_minutes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM eqms_trace_minutes_redo((
    SELECT coalesce(jsonb_agg(DISTINCT jsonb_build_object('parameter_id', parameter_id, 'minute', date_trunc('minute', ts))), '[]')
      FROM (SELECT parameter_id, ts FROM old_rows UNION SELECT parameter_id, ts FROM new_rows) r));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER eqms_trace_minutes_insert AFTER INSERT ON trace_data REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION eqms_trace_minutes_add();
--> statement-breakpoint
CREATE TRIGGER eqms_trace_minutes_delete AFTER DELETE ON trace_data REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION eqms_trace_minutes_deleted();
--> statement-breakpoint
CREATE TRIGGER eqms_trace_minutes_update AFTER UPDATE ON trace_data REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION eqms_trace_minutes_updated();
--> statement-breakpoint
-- The minutes of what is already there.
INSERT INTO trace_minutes (parameter_id, minute, n, first_ts, first_value, last_ts, last_value, min_ts, min_value, max_ts, max_value)
SELECT parameter_id, date_trunc('minute', ts), count(*)::int,
       min(ts), (array_agg(value ORDER BY ts))[1],
       max(ts), (array_agg(value ORDER BY ts DESC))[1],
       (array_agg(ts ORDER BY value, ts))[1], min(value),
       (array_agg(ts ORDER BY value DESC, ts))[1], max(value)
  FROM trace_data
 GROUP BY parameter_id, date_trunc('minute', ts);
