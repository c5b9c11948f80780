ALTER TABLE "code_categories" DROP CONSTRAINT "code_categories_category_unique";--> statement-breakpoint
ALTER TABLE "codes" DROP CONSTRAINT "codes_category_code_uq";--> statement-breakpoint
ALTER TABLE "locations" DROP CONSTRAINT "locations_code_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_user_id_unique";--> statement-breakpoint
ALTER TABLE "tools" DROP CONSTRAINT "tools_code_unique";--> statement-breakpoint
ALTER TABLE "parameters" DROP CONSTRAINT "parameters_tool_code_uq";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_code_unique";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_barcode_unique";--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_code_unique";--> statement-breakpoint
ALTER TABLE "materials" DROP CONSTRAINT "materials_barcode_unique";--> statement-breakpoint
ALTER TABLE "operations" DROP CONSTRAINT "operations_code_unique";--> statement-breakpoint
ALTER TABLE "routes" DROP CONSTRAINT "routes_code_unique";--> statement-breakpoint
ALTER TABLE "biz_partners" DROP CONSTRAINT "biz_partners_code_unique";--> statement-breakpoint
ALTER TABLE "biz_partners" DROP CONSTRAINT "biz_partners_client_code_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "code_categories_category_unique" ON "code_categories" USING btree (lower("category"));--> statement-breakpoint
CREATE UNIQUE INDEX "codes_category_code_uq" ON "codes" USING btree ("category_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_code_unique" ON "locations" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_id_unique" ON "users" USING btree (lower("user_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "tools_code_unique" ON "tools" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "parameters_tool_code_uq" ON "parameters" USING btree ("tool_id",lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_unique" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_unique" ON "products" USING btree (lower("barcode"));--> statement-breakpoint
CREATE UNIQUE INDEX "materials_code_unique" ON "materials" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "materials_barcode_unique" ON "materials" USING btree (lower("barcode"));--> statement-breakpoint
CREATE UNIQUE INDEX "operations_code_unique" ON "operations" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "routes_code_unique" ON "routes" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "biz_partners_code_unique" ON "biz_partners" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "biz_partners_client_code_unique" ON "biz_partners" USING btree (lower("client_code"));