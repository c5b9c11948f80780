CREATE TABLE "equipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"sub_type" text,
	"standard" text,
	"kind" text,
	"kind_qty" numeric(15, 5) DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'OPERATING' NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipments_kind_qty_check" CHECK ("equipments"."kind_qty" >= 0),
	CONSTRAINT "equipments_status_check" CHECK ("equipments"."status" in ('OPERATING', 'UNDER_INSPECTION'))
);
--> statement-breakpoint
CREATE TABLE "equipment_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"stock_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"type" text NOT NULL,
	"qty" numeric(15, 5) NOT NULL,
	"balance" numeric(15, 5) NOT NULL,
	"location_id" integer,
	"tool_id" integer,
	"other_location_id" integer,
	"other_tool_id" integer,
	"reason" text,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "equipment_stocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "equipment_stocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"equipment_id" integer NOT NULL,
	"location_id" integer,
	"tool_id" integer,
	"qty" numeric(15, 5) NOT NULL,
	"is_discard" boolean DEFAULT false NOT NULL,
	"discard_reason" text,
	"discarded_from_id" integer,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "equipment_stocks_qty_check" CHECK ("equipment_stocks"."qty" >= 0),
	CONSTRAINT "equipment_stocks_place_check" CHECK (("equipment_stocks"."location_id" is null) <> ("equipment_stocks"."tool_id" is null))
);
--> statement-breakpoint
ALTER TABLE "equipment_histories" ADD CONSTRAINT "equipment_histories_stock_id_equipment_stocks_id_fk" FOREIGN KEY ("stock_id") REFERENCES "public"."equipment_stocks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_histories" ADD CONSTRAINT "equipment_histories_equipment_id_equipments_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_histories" ADD CONSTRAINT "equipment_histories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_histories" ADD CONSTRAINT "equipment_histories_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_histories" ADD CONSTRAINT "equipment_histories_other_location_id_locations_id_fk" FOREIGN KEY ("other_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_histories" ADD CONSTRAINT "equipment_histories_other_tool_id_tools_id_fk" FOREIGN KEY ("other_tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_stocks" ADD CONSTRAINT "equipment_stocks_equipment_id_equipments_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_stocks" ADD CONSTRAINT "equipment_stocks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_stocks" ADD CONSTRAINT "equipment_stocks_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipments_type_idx" ON "equipments" USING btree ("type","sub_type");--> statement-breakpoint
CREATE INDEX "equipment_histories_stock_idx" ON "equipment_histories" USING btree ("stock_id","id");--> statement-breakpoint
CREATE INDEX "equipment_histories_day_idx" ON "equipment_histories" USING btree ("day","id");--> statement-breakpoint
CREATE INDEX "equipment_histories_equipment_day_idx" ON "equipment_histories" USING btree ("equipment_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_stocks_location_unique" ON "equipment_stocks" USING btree ("equipment_id","location_id") WHERE not "equipment_stocks"."is_discard" and "equipment_stocks"."location_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_stocks_tool_unique" ON "equipment_stocks" USING btree ("equipment_id","tool_id") WHERE not "equipment_stocks"."is_discard" and "equipment_stocks"."tool_id" is not null;--> statement-breakpoint
CREATE INDEX "equipment_stocks_equipment_idx" ON "equipment_stocks" USING btree ("equipment_id","is_discard");--> statement-breakpoint
CREATE INDEX "equipment_stocks_location_idx" ON "equipment_stocks" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "equipment_stocks_tool_idx" ON "equipment_stocks" USING btree ("tool_id");