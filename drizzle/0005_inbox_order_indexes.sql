DROP INDEX "contact_submissions_created_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_unread_idx";--> statement-breakpoint
DROP INDEX "contact_submissions_read_idx";--> statement-breakpoint
CREATE INDEX "contact_submissions_created_idx" ON "contact_submissions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_submissions_unread_idx" ON "contact_submissions" USING btree ("created_at","id") WHERE "contact_submissions"."read_at" is null;--> statement-breakpoint
CREATE INDEX "contact_submissions_read_idx" ON "contact_submissions" USING btree ("created_at","id") WHERE "contact_submissions"."read_at" is not null;