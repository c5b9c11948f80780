CREATE TABLE "vehicle_part_histories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_part_histories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"part_id" integer NOT NULL,
	"replaced_date" date NOT NULL,
	"mileage" integer NOT NULL,
	"cost" numeric(15, 2),
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_parts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_parts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vehicle_id" integer NOT NULL,
	"name" text NOT NULL,
	"interval_days" integer,
	"interval_km" integer,
	"fitted_date" date NOT NULL,
	"fitted_mileage" integer NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plate_number" text NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"year" integer,
	"mileage" integer DEFAULT 0 NOT NULL,
	"location_id" integer NOT NULL,
	"description" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicle_part_histories" ADD CONSTRAINT "vehicle_part_histories_part_id_vehicle_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."vehicle_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_parts" ADD CONSTRAINT "vehicle_parts_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_part_histories_part_idx" ON "vehicle_part_histories" USING btree ("part_id","replaced_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_parts_name_unique" ON "vehicle_parts" USING btree ("vehicle_id",lower("name"));--> statement-breakpoint
CREATE INDEX "vehicles_location_idx" ON "vehicles" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_plate_number_unique" ON "vehicles" USING btree (lower("plate_number"));