DROP INDEX "invoices_client_idx";--> statement-breakpoint
CREATE INDEX "invoices_client_idx" ON "invoices" USING btree ("client_id","created_at","id");