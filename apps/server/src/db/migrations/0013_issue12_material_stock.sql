CREATE TABLE "material_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stock_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"type" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"balance" numeric(15, 5) NOT NULL,
	"location_id" integer,
	"tool_id" integer,
	"from_location_id" integer,
	"from_tool_id" integer,
	"sale_id" integer,
	"reason" text,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "material_sales" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_sales_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stock_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"unit_price" numeric(15, 5),
	"sale_date" date NOT NULL,
	"expired_reason" text,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_sales_qty_check" CHECK ("material_sales"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "material_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"package_id" text NOT NULL,
	"material_id" integer NOT NULL,
	"location_id" integer,
	"tool_id" integer,
	"qty" numeric(15, 5) NOT NULL,
	"received_qty" numeric(15, 5) NOT NULL,
	"supplier_id" integer,
	"supplier_lot" text,
	"received_date" date NOT NULL,
	"manufacture_date" date,
	"expiry_date" date,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_stocks_qty_check" CHECK ("material_stocks"."qty" >= 0),
	CONSTRAINT "material_stocks_place_check" CHECK (("material_stocks"."location_id" is null) <> ("material_stocks"."tool_id" is null))
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "shelf_life_days" integer;--> statement-breakpoint
ALTER TABLE "material_histories" ADD CONSTRAINT "material_histories_stock_id_material_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."material_stocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_histories" ADD CONSTRAINT "material_histories_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_histories" ADD CONSTRAINT "material_histories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_histories" ADD CONSTRAINT "material_histories_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_histories" ADD CONSTRAINT "material_histories_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_histories" ADD CONSTRAINT "material_histories_from_tool_id_tools_id_fk" FOREIGN KEY ("from_tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_sales" ADD CONSTRAINT "material_sales_stock_id_material_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."material_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_sales" ADD CONSTRAINT "material_sales_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_sales" ADD CONSTRAINT "material_sales_customer_id_biz_partners_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stocks" ADD CONSTRAINT "material_stocks_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stocks" ADD CONSTRAINT "material_stocks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stocks" ADD CONSTRAINT "material_stocks_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_stocks" ADD CONSTRAINT "material_stocks_supplier_id_biz_partners_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_histories_stock_idx" ON "material_histories" USING btree ("stock_id","id");--> statement-breakpoint
CREATE INDEX "material_histories_day_idx" ON "material_histories" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "material_histories_material_day_idx" ON "material_histories" USING btree ("material_id","day");--> statement-breakpoint
CREATE INDEX "material_sales_date_idx" ON "material_sales" USING btree ("sale_date","id");--> statement-breakpoint
CREATE INDEX "material_sales_stock_idx" ON "material_sales" USING btree ("stock_id");--> statement-breakpoint
CREATE INDEX "material_sales_material_idx" ON "material_sales" USING btree ("material_id","sale_date");--> statement-breakpoint
CREATE UNIQUE INDEX "material_stocks_package_unique" ON "material_stocks" USING btree (lower("package_id"));--> statement-breakpoint
CREATE INDEX "material_stocks_pick_idx" ON "material_stocks" USING btree ("material_id","expiry_date","received_date","id");--> statement-breakpoint
CREATE INDEX "material_stocks_location_idx" ON "material_stocks" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "material_stocks_tool_idx" ON "material_stocks" USING btree ("tool_id");