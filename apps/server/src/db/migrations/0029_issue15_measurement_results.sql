CREATE TABLE "measurement_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measurement_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"lot_row_id" integer,
	"file_id" integer NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"item_count" integer NOT NULL,
	"value_count" integer NOT NULL,
	"ng_count" integer NOT NULL,
	"judgement" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurement_results_judgement_check" CHECK ("measurement_results"."judgement" in ('PASS', 'FAIL')),
	CONSTRAINT "measurement_results_counts_check" CHECK ("measurement_results"."value_count" > 0 and "measurement_results"."item_count" between 1 and "measurement_results"."value_count" and "measurement_results"."ng_count" between 0 and "measurement_results"."value_count"
        and ("measurement_results"."judgement" = 'PASS') = ("measurement_results"."ng_count" = 0))
);
--> statement-breakpoint
CREATE TABLE "measurement_values" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "measurement_values_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"result_id" integer NOT NULL,
	"standard_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"kind" text NOT NULL,
	"target" numeric(15, 5),
	"lsl" numeric(15, 5),
	"usl" numeric(15, 5),
	"sample_size" integer NOT NULL,
	"sample_no" integer NOT NULL,
	"value" numeric(15, 5),
	"passed" boolean,
	"ok" boolean NOT NULL,
	"measured_at" timestamp with time zone,
	CONSTRAINT "measurement_values_sample_check" CHECK ("measurement_values"."sample_no" between 1 and "measurement_values"."sample_size"),
	CONSTRAINT "measurement_values_kind_check" CHECK (("measurement_values"."kind" = 'NUMBER' and "measurement_values"."value" is not null and "measurement_values"."passed" is null)
        or ("measurement_values"."kind" = 'PASS_FAIL' and "measurement_values"."value" is null and "measurement_values"."passed" is not null))
);
--> statement-breakpoint
ALTER TABLE "measurement_results" ADD CONSTRAINT "measurement_results_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_results" ADD CONSTRAINT "measurement_results_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_results" ADD CONSTRAINT "measurement_results_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_values" ADD CONSTRAINT "measurement_values_result_id_measurement_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."measurement_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_values" ADD CONSTRAINT "measurement_values_standard_id_quality_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."quality_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_results_measured_idx" ON "measurement_results" USING btree ("measured_at");--> statement-breakpoint
CREATE INDEX "measurement_results_product_idx" ON "measurement_results" USING btree ("product_id","measured_at");--> statement-breakpoint
CREATE INDEX "measurement_results_lot_idx" ON "measurement_results" USING btree ("lot_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_results_file_idx" ON "measurement_results" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "measurement_values_sample_idx" ON "measurement_values" USING btree ("result_id","standard_id","sample_no");--> statement-breakpoint
CREATE INDEX "measurement_values_standard_idx" ON "measurement_values" USING btree ("standard_id");