ALTER TABLE "boms" DROP CONSTRAINT "boms_parent_product_id_products_id_fk";
--> statement-breakpoint
-- Hand-added (issue 9): hits of users deleted before page_hits had its foreign key keep their user name only.
UPDATE "page_hits" SET "user_id" = NULL WHERE "user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = "page_hits"."user_id");--> statement-breakpoint
ALTER TABLE "page_hits" ADD CONSTRAINT "page_hits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boms" ADD CONSTRAINT "boms_parent_product_id_products_id_fk" FOREIGN KEY ("parent_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;