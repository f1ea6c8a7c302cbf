-- Hand-written: the clients search's text. array_to_string is only STABLE (for arrays of any type),
-- so an index may not call it directly; for text[] it is immutable in fact.
CREATE OR REPLACE FUNCTION clients_search_text(name text, company text, emails text[], phones text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name || ' ' || company || ' ' || array_to_string(emails, ' ') || ' ' || array_to_string(phones, ' ') $$;--> statement-breakpoint
CREATE INDEX "clients_search_idx" ON "clients" USING gin (clients_search_text("name", "company", "match_emails", "match_phones") gin_trgm_ops);
