-- data-collection (issue 15, trend speed): trace_data's primary key carries the value (INCLUDE), so a trend or a
-- data-history page reads the key alone (index-only scan) and never the heap: 70 MB of key per 1.8 M rows against
-- 55 MB, and for an interleaved table the heap pages one parameter's week touches (≈ 1/n of each page) are no longer
-- read. drizzle cannot say INCLUDE: its schema keeps the plain key (same name, same columns), so later generated
-- migrations leave this alone. Index-only scans need the visibility map: an insert-only table is vacuumed by
-- autovacuum after inserts of 20% of its size by default (PostgreSQL 13+), which for a big table leaves the recent
-- weeks — the ones looked at — unvacuumed; a fixed threshold keeps them all-visible within minutes.
ALTER TABLE "trace_data" DROP CONSTRAINT "trace_data_parameter_id_ts_pk";
--> statement-breakpoint
ALTER TABLE "trace_data" ADD CONSTRAINT "trace_data_parameter_id_ts_pk" PRIMARY KEY ("parameter_id", "ts") INCLUDE ("value");
--> statement-breakpoint
ALTER TABLE "trace_data" SET (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 50000);
