CREATE TABLE "production_material_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_material_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prod_stock_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"type" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"balance" numeric(15, 5) NOT NULL,
	"material_history_id" integer,
	"daily_plan_id" integer,
	"reason" text,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "production_material_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "production_material_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"stock_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"released_qty" numeric(15, 5) NOT NULL,
	"restocked_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"consumed_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_material_stocks_plan_stock_uq" UNIQUE("plan_id","stock_id"),
	CONSTRAINT "production_material_stocks_qty_check" CHECK ("production_material_stocks"."qty" >= 0 and "production_material_stocks"."restocked_qty" >= 0 and "production_material_stocks"."consumed_qty" >= 0 and "production_material_stocks"."qty" = "production_material_stocks"."released_qty" - "production_material_stocks"."restocked_qty" - "production_material_stocks"."consumed_qty")
);
--> statement-breakpoint
ALTER TABLE "production_material_histories" ADD CONSTRAINT "production_material_histories_prod_stock_id_production_material_stocks_id_fk" FOREIGN KEY ("prod_stock_id") REFERENCES "public"."production_material_stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_histories" ADD CONSTRAINT "production_material_histories_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_histories" ADD CONSTRAINT "production_material_histories_material_history_id_material_histories_id_fk" FOREIGN KEY ("material_history_id") REFERENCES "public"."material_histories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_histories" ADD CONSTRAINT "production_material_histories_daily_plan_id_daily_plans_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_stocks" ADD CONSTRAINT "production_material_stocks_plan_id_production_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."production_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_stocks" ADD CONSTRAINT "production_material_stocks_stock_id_material_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."material_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_stocks" ADD CONSTRAINT "production_material_stocks_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "production_material_stocks" ADD CONSTRAINT "production_material_stocks_line_id_locations_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "production_material_histories_stock_idx" ON "production_material_histories" USING btree ("prod_stock_id","id");--> statement-breakpoint
CREATE INDEX "production_material_histories_plan_idx" ON "production_material_histories" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "production_material_histories_daily_idx" ON "production_material_histories" USING btree ("daily_plan_id");--> statement-breakpoint
CREATE INDEX "production_material_stocks_stock_idx" ON "production_material_stocks" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "production_material_stocks_line_idx" ON "production_material_stocks" USING btree ("line_id","qty");--> statement-breakpoint
CREATE INDEX "production_material_stocks_material_idx" ON "production_material_stocks" USING btree ("material_id");