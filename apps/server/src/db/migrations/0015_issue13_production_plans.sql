CREATE TABLE "daily_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"oper_plan_id" integer NOT NULL,
	"day" date NOT NULL,
	"tool_id" integer,
	"target_qty" numeric(15, 5) NOT NULL,
	"status" text DEFAULT 'PLAN_COMPLETED' NOT NULL,
	"good_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"bad_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_plans_status_check" CHECK ("daily_plans"."status" in ('PLAN_COMPLETED', 'WORKING', 'WORK_COMPLETED')),
	CONSTRAINT "daily_plans_qty_check" CHECK ("daily_plans"."target_qty" >= 0 and "daily_plans"."good_qty" >= 0 and "daily_plans"."bad_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "production_oper_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_oper_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"tool_id" integer,
	"target_qty" numeric(15, 5) NOT NULL,
	"cycle_time" numeric(15, 5),
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_oper_plans_plan_oper_uq" UNIQUE("plan_id","operation_id"),
	CONSTRAINT "production_oper_plans_target_check" CHECK ("production_oper_plans"."target_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "production_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"start_dt" date NOT NULL,
	"end_dt" date NOT NULL,
	"line_id" integer NOT NULL,
	"lot_seq" integer NOT NULL,
	"description" text,
	"modify_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_plans_lot_seq_uq" UNIQUE("product_id","lot_seq"),
	CONSTRAINT "production_plans_period_check" CHECK ("production_plans"."start_dt" <= "production_plans"."end_dt"),
	CONSTRAINT "production_plans_qty_check" CHECK ("production_plans"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "daily_plans" ADD CONSTRAINT "daily_plans_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plans" ADD CONSTRAINT "daily_plans_oper_plan_id_production_oper_plans_id_fk" FOREIGN KEY ("oper_plan_id") REFERENCES "public"."production_oper_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plans" ADD CONSTRAINT "daily_plans_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_oper_plans" ADD CONSTRAINT "production_oper_plans_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_oper_plans" ADD CONSTRAINT "production_oper_plans_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_oper_plans" ADD CONSTRAINT "production_oper_plans_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_plans" ADD CONSTRAINT "production_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_plans" ADD CONSTRAINT "production_plans_line_id_locations_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_plans_oper_plan_idx" ON "daily_plans" USING btree ("oper_plan_id","day");--> statement-breakpoint
CREATE INDEX "daily_plans_plan_idx" ON "daily_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "daily_plans_day_idx" ON "daily_plans" USING btree ("day","plan_id");--> statement-breakpoint
CREATE INDEX "daily_plans_tool_idx" ON "daily_plans" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "production_oper_plans_operation_idx" ON "production_oper_plans" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "production_oper_plans_tool_idx" ON "production_oper_plans" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "production_plans_period_idx" ON "production_plans" USING btree ("start_dt","end_dt");--> statement-breakpoint
CREATE INDEX "production_plans_line_idx" ON "production_plans" USING btree ("line_id","start_dt");