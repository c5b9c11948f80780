CREATE TABLE "quality_dispositions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_dispositions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hold_id" integer NOT NULL,
	"disposition" text NOT NULL,
	"reason" text NOT NULL,
	"qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"material_history_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_dispositions_check" CHECK ("quality_dispositions"."disposition" in ('ACCEPT', 'RETURN', 'SCRAP', 'REWORK'))
);
--> statement-breakpoint
CREATE TABLE "quality_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"material_stock_id" integer,
	"lot_row_id" integer,
	"result_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_by" text,
	"disposition" text,
	"closed_at" timestamp with time zone,
	"closed_by" text,
	"closed_by_result_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_holds_subject_check" CHECK (("quality_holds"."material_stock_id" is null) <> ("quality_holds"."lot_row_id" is null)),
	CONSTRAINT "quality_holds_status_check" CHECK ("quality_holds"."status" in ('OPEN', 'REWORK', 'CLOSED')),
	CONSTRAINT "quality_holds_closed_check" CHECK (("quality_holds"."status" = 'CLOSED') = ("quality_holds"."closed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "quality_result_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_result_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"result_id" integer NOT NULL,
	"standard_id" integer NOT NULL,
	"name" text NOT NULL,
	"method" text,
	"unit" text,
	"kind" text NOT NULL,
	"target" numeric(15, 5),
	"lsl" numeric(15, 5),
	"usl" numeric(15, 5),
	"sample_size" integer NOT NULL,
	"judgement" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_result_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_result_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"sample_no" integer NOT NULL,
	"value" numeric(15, 5),
	"passed" boolean,
	"ok" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stage" text NOT NULL,
	"material_id" integer,
	"material_stock_id" integer,
	"product_id" integer,
	"lot_row_id" integer,
	"daily_plan_id" integer,
	"operation_id" integer,
	"inspected_at" timestamp with time zone NOT NULL,
	"inspector_id" integer NOT NULL,
	"computed_judgement" text NOT NULL,
	"judgement" text NOT NULL,
	"override_reason" text,
	"overridden_by" text,
	"overridden_at" timestamp with time zone,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_results_subject_check" CHECK (("quality_results"."stage" = 'INCOMING' and "quality_results"."material_stock_id" is not null and "quality_results"."material_id" is not null)
        or ("quality_results"."stage" = 'FINAL' and "quality_results"."lot_row_id" is not null and "quality_results"."product_id" is not null)
        or ("quality_results"."stage" = 'IN_PROCESS' and "quality_results"."daily_plan_id" is not null and "quality_results"."product_id" is not null)),
	CONSTRAINT "quality_results_judgement_check" CHECK ("quality_results"."judgement" in ('PASS', 'FAIL')),
	CONSTRAINT "quality_results_override_check" CHECK (("quality_results"."judgement" = "quality_results"."computed_judgement") = ("quality_results"."override_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "quality_standards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_standards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"material_id" integer,
	"product_id" integer,
	"name" text NOT NULL,
	"method" text,
	"unit" text,
	"kind" text NOT NULL,
	"target" numeric(15, 5),
	"lsl" numeric(15, 5),
	"usl" numeric(15, 5),
	"sample_size" integer DEFAULT 1 NOT NULL,
	"stage" text NOT NULL,
	"operation_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_standards_subject_check" CHECK (("quality_standards"."material_id" is null) <> ("quality_standards"."product_id" is null)),
	CONSTRAINT "quality_standards_kind_check" CHECK ("quality_standards"."kind" in ('NUMBER', 'PASS_FAIL')),
	CONSTRAINT "quality_standards_stage_check" CHECK (("quality_standards"."material_id" is not null and "quality_standards"."stage" = 'INCOMING' and "quality_standards"."operation_id" is null)
        or ("quality_standards"."product_id" is not null and (("quality_standards"."stage" = 'IN_PROCESS' and "quality_standards"."operation_id" is not null)
          or ("quality_standards"."stage" = 'FINAL' and "quality_standards"."operation_id" is null)))),
	CONSTRAINT "quality_standards_limits_check" CHECK ("quality_standards"."lsl" is null or "quality_standards"."usl" is null or "quality_standards"."lsl" <= "quality_standards"."usl"),
	CONSTRAINT "quality_standards_sample_check" CHECK ("quality_standards"."sample_size" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "quality_dispositions" ADD CONSTRAINT "quality_dispositions_hold_id_quality_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."quality_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_dispositions" ADD CONSTRAINT "quality_dispositions_material_history_id_material_histories_id_fk" FOREIGN KEY ("material_history_id") REFERENCES "public"."material_histories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_holds" ADD CONSTRAINT "quality_holds_material_stock_id_material_stocks_id_fk" FOREIGN KEY ("material_stock_id") REFERENCES "public"."material_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_holds" ADD CONSTRAINT "quality_holds_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_holds" ADD CONSTRAINT "quality_holds_result_id_quality_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."quality_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_holds" ADD CONSTRAINT "quality_holds_closed_by_result_id_quality_results_id_fk" FOREIGN KEY ("closed_by_result_id") REFERENCES "public"."quality_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_result_items" ADD CONSTRAINT "quality_result_items_result_id_quality_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."quality_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_result_items" ADD CONSTRAINT "quality_result_items_standard_id_quality_standards_id_fk" FOREIGN KEY ("standard_id") REFERENCES "public"."quality_standards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_result_samples" ADD CONSTRAINT "quality_result_samples_item_id_quality_result_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."quality_result_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_material_stock_id_material_stocks_id_fk" FOREIGN KEY ("material_stock_id") REFERENCES "public"."material_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_daily_plan_id_daily_plans_id_fk" FOREIGN KEY ("daily_plan_id") REFERENCES "public"."daily_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_results" ADD CONSTRAINT "quality_results_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_standards" ADD CONSTRAINT "quality_standards_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_standards" ADD CONSTRAINT "quality_standards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_standards" ADD CONSTRAINT "quality_standards_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_dispositions_hold_idx" ON "quality_dispositions" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "quality_dispositions_history_idx" ON "quality_dispositions" USING btree ("material_history_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_holds_active_stock_uq" ON "quality_holds" USING btree ("material_stock_id") WHERE "quality_holds"."status" <> 'CLOSED';--> statement-breakpoint
CREATE UNIQUE INDEX "quality_holds_active_lot_uq" ON "quality_holds" USING btree ("lot_row_id") WHERE "quality_holds"."status" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "quality_holds_stock_idx" ON "quality_holds" USING btree ("material_stock_id");--> statement-breakpoint
CREATE INDEX "quality_holds_lot_idx" ON "quality_holds" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "quality_holds_result_idx" ON "quality_holds" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "quality_holds_closed_result_idx" ON "quality_holds" USING btree ("closed_by_result_id");--> statement-breakpoint
CREATE INDEX "quality_result_items_result_idx" ON "quality_result_items" USING btree ("result_id");--> statement-breakpoint
CREATE INDEX "quality_result_items_standard_idx" ON "quality_result_items" USING btree ("standard_id");--> statement-breakpoint
CREATE INDEX "quality_result_samples_item_idx" ON "quality_result_samples" USING btree ("item_id","sample_no");--> statement-breakpoint
CREATE INDEX "quality_results_material_idx" ON "quality_results" USING btree ("material_id","inspected_at");--> statement-breakpoint
CREATE INDEX "quality_results_product_idx" ON "quality_results" USING btree ("product_id","inspected_at");--> statement-breakpoint
CREATE INDEX "quality_results_inspected_idx" ON "quality_results" USING btree ("inspected_at");--> statement-breakpoint
CREATE INDEX "quality_results_stock_idx" ON "quality_results" USING btree ("material_stock_id");--> statement-breakpoint
CREATE INDEX "quality_results_lot_idx" ON "quality_results" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "quality_results_daily_plan_idx" ON "quality_results" USING btree ("daily_plan_id");--> statement-breakpoint
CREATE INDEX "quality_results_inspector_idx" ON "quality_results" USING btree ("inspector_id");--> statement-breakpoint
CREATE INDEX "quality_results_operation_idx" ON "quality_results" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "quality_standards_material_idx" ON "quality_standards" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "quality_standards_product_idx" ON "quality_standards" USING btree ("product_id","stage");--> statement-breakpoint
CREATE INDEX "quality_standards_operation_idx" ON "quality_standards" USING btree ("operation_id");