-- The clients search reads a stored column (issue 40 item 5): making the text per row was most of a broad search.
DROP INDEX "clients_search_idx";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (clients_search_text("name", "company", "match_emails", "match_phones")) STORED;--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);