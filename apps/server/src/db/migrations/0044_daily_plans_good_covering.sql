-- production-plan (issue 14, tracking speed): the daily plans' key by operation plan carries the good and bad
-- quantities (INCLUDE), so "what an operation plan made" — tracking's produced quantity of each plan's last operation,
-- the order products' produced quantity — is read from the index alone (index-only scan): at demo scale × 50 the 450
-- operation plans of 3 months' order products had their 10 daily plans each on 10 heap pages (4,500 pages read, 14 of
-- the product query's 35 ms). drizzle cannot say INCLUDE: its schema keeps the plain index (same name, same columns),
-- so later generated migrations leave this alone.
DROP INDEX IF EXISTS "daily_plans_oper_plan_idx";
--> statement-breakpoint
CREATE INDEX "daily_plans_oper_plan_idx" ON "daily_plans" USING btree ("oper_plan_id", "day") INCLUDE ("good_qty", "bad_qty");
