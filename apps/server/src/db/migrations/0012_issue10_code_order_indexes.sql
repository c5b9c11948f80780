CREATE INDEX "products_code_idx" ON "products" USING btree ("code");--> statement-breakpoint
CREATE INDEX "materials_code_idx" ON "materials" USING btree ("code");