CREATE TABLE "ccp_monitorings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ccp_monitorings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ccp_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"limit_kind" text NOT NULL,
	"min_value" numeric(15, 5),
	"max_value" numeric(15, 5),
	"measured_value" numeric(15, 5),
	"passed" boolean,
	"deviation" boolean NOT NULL,
	"product_action" text,
	"cause" text,
	"action_by" text,
	"note" text,
	"operator_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"amends_id" integer,
	"amend_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ccp_monitorings_status_check" CHECK ("ccp_monitorings"."status" in ('DRAFT', 'SIGNED', 'REVIEWED')),
	CONSTRAINT "ccp_monitorings_amend_check" CHECK (("ccp_monitorings"."amends_id" is null) = ("ccp_monitorings"."amend_reason" is null)),
	CONSTRAINT "ccp_monitorings_action_check" CHECK ("ccp_monitorings"."status" = 'DRAFT' or not "ccp_monitorings"."deviation" or ("ccp_monitorings"."product_action" is not null and "ccp_monitorings"."cause" is not null and "ccp_monitorings"."action_by" is not null))
);
--> statement-breakpoint
CREATE TABLE "ccps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ccps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"type" text NOT NULL,
	"limit_kind" text NOT NULL,
	"min_value" numeric(15, 5),
	"max_value" numeric(15, 5),
	"unit" text,
	"frequency_hours" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ccps_type_check" CHECK ("ccps"."type" in ('HEATING', 'COOLING', 'METAL_DETECTION', 'FOREIGN_MATTER', 'OTHER')),
	CONSTRAINT "ccps_limit_kind_check" CHECK ("ccps"."limit_kind" in ('RANGE', 'PASS_FAIL')),
	CONSTRAINT "ccps_frequency_check" CHECK ("ccps"."frequency_hours" is null or "ccps"."frequency_hours" between 1 and 24),
	CONSTRAINT "ccps_limits_check" CHECK ("ccps"."limit_kind" <> 'RANGE' or (("ccps"."min_value" is not null or "ccps"."max_value" is not null) and ("ccps"."min_value" is null or "ccps"."max_value" is null or "ccps"."min_value" <= "ccps"."max_value")))
);
--> statement-breakpoint
CREATE TABLE "haccp_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "haccp_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"meaning" text NOT NULL,
	"signer_id" integer NOT NULL,
	"signer_user_id" text NOT NULL,
	"signer_name" text NOT NULL,
	"reason" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haccp_signatures_kind_check" CHECK ("haccp_signatures"."record_kind" in ('CCP')),
	CONSTRAINT "haccp_signatures_meaning_check" CHECK ("haccp_signatures"."meaning" in ('PERFORMED', 'REVIEWED', 'AMENDED'))
);
--> statement-breakpoint
ALTER TABLE "ccp_monitorings" ADD CONSTRAINT "ccp_monitorings_ccp_id_ccps_id_fk" FOREIGN KEY ("ccp_id") REFERENCES "public"."ccps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccp_monitorings" ADD CONSTRAINT "ccp_monitorings_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ccp_monitorings" ADD CONSTRAINT "ccp_monitorings_amends_id_ccp_monitorings_id_fk" FOREIGN KEY ("amends_id") REFERENCES "public"."ccp_monitorings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_signatures" ADD CONSTRAINT "haccp_signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ccp_monitorings_checked_idx" ON "ccp_monitorings" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "ccp_monitorings_ccp_idx" ON "ccp_monitorings" USING btree ("ccp_id","checked_at");--> statement-breakpoint
CREATE INDEX "ccp_monitorings_operator_idx" ON "ccp_monitorings" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ccp_monitorings_amends_key" ON "ccp_monitorings" USING btree ("amends_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ccps_name_key" ON "ccps" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "haccp_signatures_record_idx" ON "haccp_signatures" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE INDEX "haccp_signatures_signer_idx" ON "haccp_signatures" USING btree ("signer_id");