CREATE TABLE "sanitation_check_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanitation_check_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"check_list_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"passed" boolean,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanitation_check_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanitation_check_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"check_date" date NOT NULL,
	"location_id" integer NOT NULL,
	"note" text,
	"operator_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"amends_id" integer,
	"amend_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sanitation_check_lists_status_check" CHECK ("sanitation_check_lists"."status" in ('DRAFT', 'SIGNED', 'REVIEWED')),
	CONSTRAINT "sanitation_check_lists_amend_check" CHECK (("sanitation_check_lists"."amends_id" is null) = ("sanitation_check_lists"."amend_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "sanitation_template_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanitation_template_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sanitation_check_items" ADD CONSTRAINT "sanitation_check_items_check_list_id_sanitation_check_lists_id_fk" FOREIGN KEY ("check_list_id") REFERENCES "public"."sanitation_check_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitation_check_lists" ADD CONSTRAINT "sanitation_check_lists_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitation_check_lists" ADD CONSTRAINT "sanitation_check_lists_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitation_check_lists" ADD CONSTRAINT "sanitation_check_lists_amends_id_sanitation_check_lists_id_fk" FOREIGN KEY ("amends_id") REFERENCES "public"."sanitation_check_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanitation_template_items" ADD CONSTRAINT "sanitation_template_items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sanitation_check_items_list_idx" ON "sanitation_check_items" USING btree ("check_list_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "sanitation_check_lists_day_key" ON "sanitation_check_lists" USING btree ("check_date","location_id") WHERE "sanitation_check_lists"."amends_id" is null;--> statement-breakpoint
CREATE INDEX "sanitation_check_lists_date_idx" ON "sanitation_check_lists" USING btree ("check_date");--> statement-breakpoint
CREATE INDEX "sanitation_check_lists_operator_idx" ON "sanitation_check_lists" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sanitation_check_lists_amends_key" ON "sanitation_check_lists" USING btree ("amends_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sanitation_template_items_name_key" ON "sanitation_template_items" USING btree ("location_id",lower("name"));