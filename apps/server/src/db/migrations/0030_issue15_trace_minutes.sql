CREATE TABLE "trace_minutes" (
	"parameter_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"n" integer NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"first_value" double precision NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last_value" double precision NOT NULL,
	"min_ts" timestamp with time zone NOT NULL,
	"min_value" double precision NOT NULL,
	"max_ts" timestamp with time zone NOT NULL,
	"max_value" double precision NOT NULL,
	CONSTRAINT "trace_minutes_parameter_id_minute_pk" PRIMARY KEY("parameter_id","minute")
);
--> statement-breakpoint
ALTER TABLE "trace_minutes" ADD CONSTRAINT "trace_minutes_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;