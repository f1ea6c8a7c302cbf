-- Hand-written function: the jobs search's text besides the client (issue 40 item 5). An index on it, not a stored
-- column, so a job row stays as the API answers it; PostgreSQL inlines the function, in the index and in the search.
CREATE FUNCTION jobs_search_text(number text, title text, site jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT number || ' ' || title || ' ' || coalesce((site -> 'address')::text, '') || ' ' || coalesce(site ->> 'eircode', '') $$;--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin (jobs_search_text("number", "title", "site") gin_trgm_ops);
