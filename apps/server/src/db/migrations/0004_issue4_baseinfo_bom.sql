CREATE TABLE "tool_inspect_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tool_inspect_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tool_id" integer NOT NULL,
	"inspect_date" date NOT NULL,
	"inspector" text,
	"content" text NOT NULL,
	"result" text NOT NULL,
	"next_inspect_date" date,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"location_id" integer NOT NULL,
	"manager_id" integer,
	"specification" text,
	"manufacturer" text,
	"serial_no" text,
	"install_date" date,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tools_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parameters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tool_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"unit" text,
	"data_type" text DEFAULT 'NUMBER' NOT NULL,
	"lower_limit" numeric(15, 5),
	"upper_limit" numeric(15, 5),
	"target" numeric(15, 5),
	"sample_interval" integer DEFAULT 60 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parameters_tool_code_uq" UNIQUE("tool_id","code")
);
--> statement-breakpoint
CREATE TABLE "trace_data" (
	"parameter_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "trace_data_parameter_id_ts_pk" PRIMARY KEY("parameter_id","ts")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"specification" text,
	"unit" text NOT NULL,
	"barcode" text,
	"design_image_id" integer,
	"route_id" integer,
	"lot_qty" numeric(15, 5),
	"pack_qty" numeric(15, 5),
	"safety_stock" numeric(15, 5),
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_code_unique" UNIQUE("code"),
	CONSTRAINT "products_barcode_unique" UNIQUE("barcode")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"specification" text,
	"unit" text NOT NULL,
	"barcode" text,
	"safety_stock" numeric(15, 5),
	"supplier_id" integer,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_code_unique" UNIQUE("code"),
	CONSTRAINT "materials_barcode_unique" UNIQUE("barcode")
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"standard_time" numeric(15, 5),
	"defect_yn" boolean DEFAULT true NOT NULL,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "route_opers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "route_opers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"route_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "route_opers_route_oper_uq" UNIQUE("route_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "routes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "routes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "oper_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oper_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"operation_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"tool_id" integer,
	"cycle_time" numeric(15, 5),
	"capacity" numeric(15, 5),
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oper_plans_product_oper_uq" UNIQUE("product_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "biz_partner_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biz_partner_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"biz_partner_id" integer NOT NULL,
	"name" text NOT NULL,
	"department" text,
	"position" text,
	"phone" text,
	"email" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "biz_partners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "biz_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"client_code" text,
	"name" text NOT NULL,
	"types" text[] NOT NULL,
	"biz_reg_no" text,
	"corp_reg_no" text,
	"ceo_name" text,
	"phone" text,
	"fax" text,
	"email" text,
	"address" text,
	"description" text,
	"ext" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "biz_partners_code_unique" UNIQUE("code"),
	CONSTRAINT "biz_partners_client_code_unique" UNIQUE("client_code")
);
--> statement-breakpoint
CREATE TABLE "boms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "boms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_product_id" integer NOT NULL,
	"child_product_id" integer,
	"material_id" integer,
	"qty" numeric(15, 5) NOT NULL,
	"unit" text NOT NULL,
	"loss_rate" numeric(15, 5) DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boms_one_child" CHECK (("boms"."child_product_id" is null) <> ("boms"."material_id" is null))
);
--> statement-breakpoint
ALTER TABLE "tool_inspect_histories" ADD CONSTRAINT "tool_inspect_histories_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_data" ADD CONSTRAINT "trace_data_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_design_image_id_files_id_fk" FOREIGN KEY ("design_image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_supplier_id_biz_partners_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_opers" ADD CONSTRAINT "route_opers_route_id_routes_id_fk" FOREIGN KEY ("route_id") REFERENCES "public"."routes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_opers" ADD CONSTRAINT "route_opers_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oper_plans" ADD CONSTRAINT "oper_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oper_plans" ADD CONSTRAINT "oper_plans_operation_id_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oper_plans" ADD CONSTRAINT "oper_plans_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "biz_partner_contacts" ADD CONSTRAINT "biz_partner_contacts_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_parent_product_id_products_id_fk" FOREIGN KEY ("parent_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_child_product_id_products_id_fk" FOREIGN KEY ("child_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tool_inspect_histories_tool_idx" ON "tool_inspect_histories" USING btree ("tool_id","inspect_date");--> statement-breakpoint
CREATE INDEX "tools_location_idx" ON "tools" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "trace_data_ts_idx" ON "trace_data" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name");--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "materials_name_idx" ON "materials" USING btree ("name");--> statement-breakpoint
CREATE INDEX "route_opers_oper_idx" ON "route_opers" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "oper_plans_oper_idx" ON "oper_plans" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "oper_plans_tool_idx" ON "oper_plans" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "biz_partner_contacts_partner_idx" ON "biz_partner_contacts" USING btree ("biz_partner_id");--> statement-breakpoint
CREATE INDEX "biz_partners_name_idx" ON "biz_partners" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "boms_parent_product_uq" ON "boms" USING btree ("parent_product_id","child_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boms_parent_material_uq" ON "boms" USING btree ("parent_product_id","material_id");--> statement-breakpoint
CREATE INDEX "boms_child_product_idx" ON "boms" USING btree ("child_product_id");--> statement-breakpoint
CREATE INDEX "boms_material_idx" ON "boms" USING btree ("material_id");