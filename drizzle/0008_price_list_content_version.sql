-- The /estimate page shows the price table and is served from the HTML cache: a change to the
-- prices bumps the content version like a change to any other public content.
CREATE TRIGGER price_list_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_list" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
