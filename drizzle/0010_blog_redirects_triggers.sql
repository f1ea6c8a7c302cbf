-- Blog posts and redirects change what public pages show (the blog, its feed, the sitemap, where an
-- old address leads): like pages, projects, testimonials and FAQs, every change bumps the content
-- version, which drops cached pages and reloads each server's redirect table.
CREATE TRIGGER posts_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
--> statement-breakpoint
CREATE TRIGGER redirects_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirects" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
