CREATE TABLE "claim_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claim_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"claim_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"received_dt" date NOT NULL,
	"biz_partner_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lot_row_id" integer,
	"claim_qty" numeric(15, 5) NOT NULL,
	"content" text NOT NULL,
	"cause" text,
	"countermeasure" text,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"closed_dt" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claims_qty_check" CHECK ("claims"."claim_qty" > 0),
	CONSTRAINT "claims_status_check" CHECK ("claims"."status" in ('RECEIVED', 'INVESTIGATING', 'COUNTERMEASURE', 'CLOSED')),
	CONSTRAINT "claims_closed_check" CHECK (("claims"."status" = 'CLOSED') = ("claims"."closed_dt" is not null) and ("claims"."status" <> 'CLOSED' or ("claims"."cause" is not null and "claims"."countermeasure" is not null))),
	CONSTRAINT "claims_closed_dt_check" CHECK ("claims"."closed_dt" is null or "claims"."closed_dt" >= "claims"."received_dt")
);
--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_photos" ADD CONSTRAINT "claim_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_biz_partner_id_biz_partners_id_fk" FOREIGN KEY ("biz_partner_id") REFERENCES "public"."biz_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claims" ADD CONSTRAINT "claims_lot_row_id_lots_id_fk" FOREIGN KEY ("lot_row_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_photos_claim_idx" ON "claim_photos" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "claims_received_idx" ON "claims" USING btree ("received_dt");--> statement-breakpoint
CREATE INDEX "claims_partner_idx" ON "claims" USING btree ("biz_partner_id");--> statement-breakpoint
CREATE INDEX "claims_product_idx" ON "claims" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "claims_lot_idx" ON "claims" USING btree ("lot_row_id");