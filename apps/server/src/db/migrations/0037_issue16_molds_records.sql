CREATE TABLE "mold_inouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mold_inouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"mold_id" integer NOT NULL,
	"type" text NOT NULL,
	"inout_dt" date NOT NULL,
	"worker" text NOT NULL,
	"shot_count" integer NOT NULL,
	"from_location_id" integer,
	"from_tool_id" integer,
	"to_location_id" integer,
	"to_tool_id" integer,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mold_inouts_type_check" CHECK ("mold_inouts"."type" in ('IN', 'OUT')),
	CONSTRAINT "mold_inouts_to_check" CHECK (("mold_inouts"."type" = 'IN' and "mold_inouts"."to_tool_id" is not null and "mold_inouts"."to_location_id" is null) or ("mold_inouts"."type" = 'OUT' and "mold_inouts"."to_location_id" is not null and "mold_inouts"."to_tool_id" is null)),
	CONSTRAINT "mold_inouts_from_check" CHECK (("mold_inouts"."from_location_id" is null) <> ("mold_inouts"."from_tool_id" is null)),
	CONSTRAINT "mold_inouts_shots_check" CHECK ("mold_inouts"."shot_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mold_products" (
	"mold_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "mold_products_mold_id_product_id_pk" PRIMARY KEY("mold_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "molds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "molds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"cavities" integer DEFAULT 1 NOT NULL,
	"rated_shots" integer,
	"initial_shots" integer DEFAULT 0 NOT NULL,
	"location_id" integer,
	"tool_id" integer,
	"design_image_id" integer,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "molds_place_check" CHECK (("molds"."location_id" is null) <> ("molds"."tool_id" is null)),
	CONSTRAINT "molds_cavities_check" CHECK ("molds"."cavities" > 0),
	CONSTRAINT "molds_shots_check" CHECK ("molds"."initial_shots" >= 0 and ("molds"."rated_shots" is null or "molds"."rated_shots" >= 0))
);
--> statement-breakpoint
CREATE TABLE "record_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"parent_id" integer,
	"is_folder" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"record_dt" date,
	"author" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "records_sheet_dt_check" CHECK ("records"."is_folder" or "records"."record_dt" is not null)
);
--> statement-breakpoint
ALTER TABLE "mold_inouts" ADD CONSTRAINT "mold_inouts_mold_id_molds_id_fk" FOREIGN KEY ("mold_id") REFERENCES "public"."molds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mold_inouts" ADD CONSTRAINT "mold_inouts_from_location_id_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mold_inouts" ADD CONSTRAINT "mold_inouts_from_tool_id_tools_id_fk" FOREIGN KEY ("from_tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mold_inouts" ADD CONSTRAINT "mold_inouts_to_location_id_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mold_inouts" ADD CONSTRAINT "mold_inouts_to_tool_id_tools_id_fk" FOREIGN KEY ("to_tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mold_products" ADD CONSTRAINT "mold_products_mold_id_molds_id_fk" FOREIGN KEY ("mold_id") REFERENCES "public"."molds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mold_products" ADD CONSTRAINT "mold_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "molds" ADD CONSTRAINT "molds_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "molds" ADD CONSTRAINT "molds_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "molds" ADD CONSTRAINT "molds_design_image_id_files_id_fk" FOREIGN KEY ("design_image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_record_id_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_parent_id_records_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mold_inouts_mold_idx" ON "mold_inouts" USING btree ("mold_id","id");--> statement-breakpoint
CREATE INDEX "mold_inouts_to_tool_idx" ON "mold_inouts" USING btree ("to_tool_id");--> statement-breakpoint
CREATE INDEX "mold_inouts_to_location_idx" ON "mold_inouts" USING btree ("to_location_id");--> statement-breakpoint
CREATE INDEX "mold_inouts_from_tool_idx" ON "mold_inouts" USING btree ("from_tool_id");--> statement-breakpoint
CREATE INDEX "mold_inouts_from_location_idx" ON "mold_inouts" USING btree ("from_location_id");--> statement-breakpoint
CREATE INDEX "mold_products_product_idx" ON "mold_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "molds_code_unique" ON "molds" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "molds_location_idx" ON "molds" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "molds_tool_idx" ON "molds" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "record_files_record_idx" ON "record_files" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "record_files_file_idx" ON "record_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "records_type_parent_idx" ON "records" USING btree ("type","parent_id");--> statement-breakpoint
CREATE INDEX "records_parent_idx" ON "records" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "records_dt_idx" ON "records" USING btree ("record_dt");