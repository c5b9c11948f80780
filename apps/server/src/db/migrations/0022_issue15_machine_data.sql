CREATE TABLE "ingest_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ingest_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tool_id" integer,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
CREATE TABLE "trace_spec_outs" (
	"parameter_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"lower_limit" numeric(15, 5),
	"upper_limit" numeric(15, 5),
	"limit_broken" text NOT NULL,
	CONSTRAINT "trace_spec_outs_parameter_id_ts_pk" PRIMARY KEY("parameter_id","ts")
);
--> statement-breakpoint
DROP INDEX "trace_data_ts_idx";--> statement-breakpoint
ALTER TABLE "ingest_keys" ADD CONSTRAINT "ingest_keys_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trace_spec_outs" ADD CONSTRAINT "trace_spec_outs_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ingest_keys_hash_uq" ON "ingest_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "trace_spec_outs_ts_idx" ON "trace_spec_outs" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "trace_data_ts_idx" ON "trace_data" USING brin ("ts");