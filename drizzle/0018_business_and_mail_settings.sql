ALTER TABLE "site_settings" ADD COLUMN "business" jsonb;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "mail" jsonb;--> statement-breakpoint
-- The business's facts are on every public page (header, footer, structured data) and the mail
-- settings are read by every server's outbox: a change bumps the content version, so cached pages
-- and the other servers pick it up on their next request.
CREATE TRIGGER site_settings_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
