CREATE TABLE "businesses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "businesses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"biz_partner_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"start_dt" date,
	"end_dt" date,
	"manager" text,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"start_dt" date NOT NULL,
	"end_dt" date NOT NULL,
	"supplied" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_materials_qty_check" CHECK ("order_materials"."qty" > 0),
	CONSTRAINT "order_materials_period_check" CHECK ("order_materials"."start_dt" <= "order_materials"."end_dt")
);
--> statement-breakpoint
CREATE TABLE "order_product_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_product_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_product_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_product_plans_plan_uq" UNIQUE("plan_id")
);
--> statement-breakpoint
CREATE TABLE "order_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"due_dt" date NOT NULL,
	"unit_price" numeric(15, 5),
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_products_qty_check" CHECK ("order_products"."qty" > 0),
	CONSTRAINT "order_products_price_check" CHECK ("order_products"."unit_price" is null or "order_products"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"business_id" integer NOT NULL,
	"order_no" text NOT NULL,
	"order_dt" date NOT NULL,
	"due_dt" date,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "out_sourcings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "out_sourcings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"oper_plan_id" integer NOT NULL,
	"biz_partner_id" integer NOT NULL,
	"sent_qty" numeric(15, 5) NOT NULL,
	"sent_dt" date NOT NULL,
	"received_good_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"received_bad_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"received_dt" date,
	"unit_cost" numeric(15, 5),
	"daily_plan_id" integer,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "out_sourcings_qty_check" CHECK ("out_sourcings"."sent_qty" > 0 and "out_sourcings"."received_good_qty" >= 0 and "out_sourcings"."received_bad_qty" >= 0 and "out_sourcings"."received_good_qty" + "out_sourcings"."received_bad_qty" <= "out_sourcings"."sent_qty"),
	CONSTRAINT "out_sourcings_received_check" CHECK ("out_sourcings"."received_dt" is null or "out_sourcings"."received_dt" >= "out_sourcings"."sent_dt"),
	CONSTRAINT "out_sourcings_cost_check" CHECK ("out_sourcings"."unit_cost" is null or "out_sourcings"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipment_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_id" integer NOT NULL,
	"product_stock_id" integer NOT NULL,
	"lot_row_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"ship_history_id" integer,
	"cancel_history_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_lots_qty_check" CHECK ("shipment_lots"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shipment_no" text NOT NULL,
	"biz_partner_id" integer NOT NULL,
	"order_product_id" integer,
	"product_id" integer NOT NULL,
	"shipment_dt" date NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"canceled_at" timestamp with time zone,
	"canceled_by" text,
	"cancel_reason" text,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_product_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_product_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prod_product_stock_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"type" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"balance" numeric(15, 5) NOT NULL,
	"product_stock_history_id" integer,
	"daily_plan_id" integer,
	"reason" text,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "production_product_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_product_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"product_stock_id" integer NOT NULL,
	"lot_row_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"released_qty" numeric(15, 5) NOT NULL,
	"restocked_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"consumed_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_product_stocks_plan_stock_uq" UNIQUE("plan_id","product_stock_id"),
	CONSTRAINT "production_product_stocks_qty_check" CHECK ("production_product_stocks"."qty" >= 0 and "production_product_stocks"."restocked_qty" >= 0 and "production_product_stocks"."consumed_qty" >= 0 and "production_product_stocks"."qty" = "production_product_stocks"."released_qty" - "production_product_stocks"."restocked_qty" - "production_product_stocks"."consumed_qty")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product_plans" ADD CONSTRAINT "order_product_plans_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_product_plans" ADD CONSTRAINT "order_product_plans_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_sourcings" ADD CONSTRAINT "out_sourcings_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_sourcings" ADD CONSTRAINT "out_sourcings_oper_plan_id_production_oper_plans_id_fk" FOREIGN KEY ("oper_plan_id") REFERENCES "public"."production_oper_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_sourcings" ADD CONSTRAINT "out_sourcings_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "out_sourcings" ADD CONSTRAINT "out_sourcings_daily_plan_id_daily_plans_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lots" ADD CONSTRAINT "shipment_lots_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lots" ADD CONSTRAINT "shipment_lots_product_stock_id_product_stocks_id_fk" FOREIGN KEY ("product_stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lots" ADD CONSTRAINT "shipment_lots_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lots" ADD CONSTRAINT "shipment_lots_ship_history_id_product_stock_histories_id_fk" FOREIGN KEY ("ship_history_id") REFERENCES "public"."product_stock_histories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lots" ADD CONSTRAINT "shipment_lots_cancel_history_id_product_stock_histories_id_fk" FOREIGN KEY ("cancel_history_id") REFERENCES "public"."product_stock_histories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_histories" ADD CONSTRAINT "production_product_histories_prod_product_stock_id_production_product_stocks_id_fk" FOREIGN KEY ("prod_product_stock_id") REFERENCES "public"."production_product_stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_histories" ADD CONSTRAINT "production_product_histories_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_histories" ADD CONSTRAINT "production_product_histories_product_stock_history_id_product_stock_histories_id_fk" FOREIGN KEY ("product_stock_history_id") REFERENCES "public"."product_stock_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_histories" ADD CONSTRAINT "production_product_histories_daily_plan_id_daily_plans_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_stocks" ADD CONSTRAINT "production_product_stocks_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_stocks" ADD CONSTRAINT "production_product_stocks_product_stock_id_product_stocks_id_fk" FOREIGN KEY ("product_stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_stocks" ADD CONSTRAINT "production_product_stocks_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_stocks" ADD CONSTRAINT "production_product_stocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_product_stocks" ADD CONSTRAINT "production_product_stocks_line_id_locations_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_code_unique" ON "businesses" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "businesses_partner_idx" ON "businesses" USING btree ("biz_partner_id");--> statement-breakpoint
CREATE INDEX "order_materials_order_idx" ON "order_materials" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_materials_material_idx" ON "order_materials" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "order_product_plans_order_product_idx" ON "order_product_plans" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "order_products_order_idx" ON "order_products" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_products_product_idx" ON "order_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_products_due_idx" ON "order_products" USING btree ("due_dt");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_unique" ON "orders" USING btree (lower("order_no"));--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "orders_order_dt_idx" ON "orders" USING btree ("order_dt");--> statement-breakpoint
CREATE INDEX "out_sourcings_plan_idx" ON "out_sourcings" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "out_sourcings_oper_plan_idx" ON "out_sourcings" USING btree ("oper_plan_id");--> statement-breakpoint
CREATE INDEX "out_sourcings_partner_idx" ON "out_sourcings" USING btree ("biz_partner_id");--> statement-breakpoint
CREATE INDEX "out_sourcings_sent_idx" ON "out_sourcings" USING btree ("sent_dt");--> statement-breakpoint
CREATE INDEX "out_sourcings_daily_idx" ON "out_sourcings" USING btree ("daily_plan_id");--> statement-breakpoint
CREATE INDEX "shipment_lots_shipment_idx" ON "shipment_lots" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_lots_lot_idx" ON "shipment_lots" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "shipment_lots_stock_idx" ON "shipment_lots" USING btree ("product_stock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_shipment_no_unique" ON "shipments" USING btree (lower("shipment_no"));--> statement-breakpoint
CREATE INDEX "shipments_day_idx" ON "shipments" USING btree ("shipment_dt");--> statement-breakpoint
CREATE INDEX "shipments_partner_idx" ON "shipments" USING btree ("biz_partner_id","shipment_dt");--> statement-breakpoint
CREATE INDEX "shipments_order_product_idx" ON "shipments" USING btree ("order_product_id");--> statement-breakpoint
CREATE INDEX "shipments_product_idx" ON "shipments" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "production_product_histories_stock_idx" ON "production_product_histories" USING btree ("prod_product_stock_id","id");--> statement-breakpoint
CREATE INDEX "production_product_histories_plan_idx" ON "production_product_histories" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "production_product_histories_daily_idx" ON "production_product_histories" USING btree ("daily_plan_id");--> statement-breakpoint
CREATE INDEX "production_product_stocks_stock_idx" ON "production_product_stocks" USING btree ("product_stock_id");--> statement-breakpoint
CREATE INDEX "production_product_stocks_lot_idx" ON "production_product_stocks" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "production_product_stocks_line_idx" ON "production_product_stocks" USING btree ("line_id","qty");--> statement-breakpoint
CREATE INDEX "production_product_stocks_product_idx" ON "production_product_stocks" USING btree ("product_id");