CREATE TABLE "visual_inspection_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visual_inspection_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inspection_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visual_inspections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visual_inspections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inspected_at" timestamp with time zone NOT NULL,
	"lot_row_id" integer,
	"checks" jsonb NOT NULL,
	"result" text NOT NULL,
	"note" text,
	"operator_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"amends_id" integer,
	"amend_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visual_inspections_status_check" CHECK ("visual_inspections"."status" in ('DRAFT', 'SIGNED', 'REVIEWED')),
	CONSTRAINT "visual_inspections_result_check" CHECK ("visual_inspections"."result" in ('PASS', 'FAIL')),
	CONSTRAINT "visual_inspections_amend_check" CHECK (("visual_inspections"."amends_id" is null) = ("visual_inspections"."amend_reason" is null)),
	CONSTRAINT "visual_inspections_checks_check" CHECK (jsonb_typeof("visual_inspections"."checks") = 'array' and jsonb_array_length("visual_inspections"."checks") > 0)
);
--> statement-breakpoint
ALTER TABLE "visual_inspection_photos" ADD CONSTRAINT "visual_inspection_photos_inspection_id_visual_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."visual_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_inspection_photos" ADD CONSTRAINT "visual_inspection_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_inspections" ADD CONSTRAINT "visual_inspections_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_inspections" ADD CONSTRAINT "visual_inspections_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visual_inspections" ADD CONSTRAINT "visual_inspections_amends_id_visual_inspections_id_fk" FOREIGN KEY ("amends_id") REFERENCES "public"."visual_inspections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visual_inspection_photos_inspection_idx" ON "visual_inspection_photos" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "visual_inspections_inspected_idx" ON "visual_inspections" USING btree ("inspected_at");--> statement-breakpoint
CREATE INDEX "visual_inspections_lot_idx" ON "visual_inspections" USING btree ("lot_row_id");--> statement-breakpoint
CREATE INDEX "visual_inspections_operator_idx" ON "visual_inspections" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visual_inspections_amends_key" ON "visual_inspections" USING btree ("amends_id");