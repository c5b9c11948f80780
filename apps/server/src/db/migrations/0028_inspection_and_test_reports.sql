CREATE TABLE "inspection_report_results" (
	"report_id" integer NOT NULL,
	"result_id" integer NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "inspection_report_results_pk" PRIMARY KEY("report_id","result_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_no" text NOT NULL,
	"issue_dt" date NOT NULL,
	"biz_partner_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lot_row_id" integer,
	"qty" numeric(15, 5) NOT NULL,
	"inspector_name" text NOT NULL,
	"approver_name" text,
	"remarks" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_reports_qty_check" CHECK ("inspection_reports"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_report_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_report_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"name" text NOT NULL,
	"method" text,
	"unit" text,
	"target" numeric(15, 5),
	"lsl" numeric(15, 5),
	"usl" numeric(15, 5),
	"value" text NOT NULL,
	"judgement" text,
	CONSTRAINT "test_report_items_judgement_check" CHECK ("test_report_items"."judgement" is null or "test_report_items"."judgement" in ('PASS', 'FAIL')),
	CONSTRAINT "test_report_items_limits_check" CHECK ("test_report_items"."lsl" is null or "test_report_items"."usl" is null or "test_report_items"."lsl" <= "test_report_items"."usl")
);
--> statement-breakpoint
CREATE TABLE "test_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"report_no" text NOT NULL,
	"test_dt" date NOT NULL,
	"product_id" integer NOT NULL,
	"lot_row_id" integer,
	"biz_partner_id" integer,
	"result_id" integer,
	"tester_name" text NOT NULL,
	"approver_name" text,
	"remarks" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_report_results" ADD CONSTRAINT "inspection_report_results_report_id_inspection_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."inspection_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_report_results" ADD CONSTRAINT "inspection_report_results_result_id_quality_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."quality_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_reports" ADD CONSTRAINT "inspection_reports_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_report_items" ADD CONSTRAINT "test_report_items_report_id_test_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."test_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_reports" ADD CONSTRAINT "test_reports_result_id_quality_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."quality_results"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_report_results_result_idx" ON "inspection_report_results" USING btree ("result_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_reports_report_no_unique" ON "inspection_reports" USING btree (lower("report_no"));--> statement-breakpoint
CREATE INDEX "inspection_reports_issue_idx" ON "inspection_reports" USING btree ("issue_dt");--> statement-breakpoint
CREATE INDEX "inspection_reports_partner_idx" ON "inspection_reports" USING btree ("biz_partner_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_product_idx" ON "inspection_reports" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inspection_reports_lot_idx" ON "inspection_reports" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "test_report_items_report_idx" ON "test_report_items" USING btree ("report_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "test_reports_report_no_unique" ON "test_reports" USING btree (lower("report_no"));--> statement-breakpoint
CREATE INDEX "test_reports_test_idx" ON "test_reports" USING btree ("test_dt");--> statement-breakpoint
CREATE INDEX "test_reports_product_idx" ON "test_reports" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "test_reports_lot_idx" ON "test_reports" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "test_reports_partner_idx" ON "test_reports" USING btree ("biz_partner_id");--> statement-breakpoint
CREATE INDEX "test_reports_result_idx" ON "test_reports" USING btree ("result_id");