CREATE TABLE "lots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lot_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"plan_id" integer,
	"day" date NOT NULL,
	"expiry_date" date,
	"expiry_reason" text,
	"expiry_package_id" text,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lots_plan_uq" UNIQUE("plan_id")
);
--> statement-breakpoint
CREATE TABLE "product_stock_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_stock_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_stock_id" integer NOT NULL,
	"type" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"balance" numeric(15, 5) NOT NULL,
	"daily_plan_id" integer,
	"reason" text,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "product_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lot_row_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"disposed" boolean DEFAULT false NOT NULL,
	"disposed_at" timestamp with time zone,
	"adjusted_qty" numeric(15, 5),
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stocks_lot_location_uq" UNIQUE("lot_row_id","location_id"),
	CONSTRAINT "product_stocks_qty_check" CHECK ("product_stocks"."qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "workers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"line_id" integer,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workers_user_uq" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_plan_defects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_plan_defects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"daily_plan_id" integer NOT NULL,
	"defect_code" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_plan_defects_uq" UNIQUE("daily_plan_id","defect_code"),
	CONSTRAINT "daily_plan_defects_qty_check" CHECK ("daily_plan_defects"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "daily_plans" ADD COLUMN "worker_id" integer;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lots" ADD CONSTRAINT "lots_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_histories" ADD CONSTRAINT "product_stock_histories_product_stock_id_product_stocks_id_fk" FOREIGN KEY ("product_stock_id") REFERENCES "public"."product_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_histories" ADD CONSTRAINT "product_stock_histories_daily_plan_id_daily_plans_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stocks" ADD CONSTRAINT "product_stocks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workers" ADD CONSTRAINT "workers_line_id_locations_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_plan_defects" ADD CONSTRAINT "daily_plan_defects_daily_plan_id_daily_plans_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lots_lot_id_unique" ON "lots" USING btree (lower("lot_id"));--> statement-breakpoint
CREATE INDEX "lots_day_idx" ON "lots" USING btree ("day");--> statement-breakpoint
CREATE INDEX "lots_product_idx" ON "lots" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_stock_histories_stock_idx" ON "product_stock_histories" USING btree ("product_stock_id","id");--> statement-breakpoint
CREATE INDEX "product_stock_histories_daily_idx" ON "product_stock_histories" USING btree ("daily_plan_id");--> statement-breakpoint
CREATE INDEX "product_stocks_location_idx" ON "product_stocks" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "workers_line_idx" ON "workers" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "daily_plan_defects_code_idx" ON "daily_plan_defects" USING btree ("defect_code");--> statement-breakpoint
ALTER TABLE "daily_plans" ADD CONSTRAINT "daily_plans_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_plans_worker_idx" ON "daily_plans" USING btree ("worker_id","day");--> statement-breakpoint
CREATE INDEX "daily_plans_working_idx" ON "daily_plans" USING btree ("day") WHERE "daily_plans"."status" = 'WORKING';