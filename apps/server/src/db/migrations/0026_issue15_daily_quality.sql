CREATE TABLE "daily_quality_defects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_quality_defects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"result_id" integer NOT NULL,
	"defect_code" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_quality_defects_uq" UNIQUE("result_id","defect_code"),
	CONSTRAINT "daily_quality_defects_qty_check" CHECK ("daily_quality_defects"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "daily_quality_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "daily_quality_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"line_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"inspected_qty" numeric(15, 5) NOT NULL,
	"passed_qty" numeric(15, 5) NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_quality_results_uq" UNIQUE("day","line_id","product_id"),
	CONSTRAINT "daily_quality_results_qty_check" CHECK ("daily_quality_results"."passed_qty" >= 0 and "daily_quality_results"."passed_qty" <= "daily_quality_results"."inspected_qty")
);
--> statement-breakpoint
ALTER TABLE "daily_quality_defects" ADD CONSTRAINT "daily_quality_defects_result_id_daily_quality_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."daily_quality_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quality_results" ADD CONSTRAINT "daily_quality_results_line_id_locations_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_quality_results" ADD CONSTRAINT "daily_quality_results_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_quality_results_product_idx" ON "daily_quality_results" USING btree ("product_id","day");--> statement-breakpoint
CREATE INDEX "daily_quality_results_line_idx" ON "daily_quality_results" USING btree ("line_id");