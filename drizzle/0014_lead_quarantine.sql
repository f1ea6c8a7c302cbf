ALTER TABLE "contact_submissions" ADD COLUMN "spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "spam_reason" text;--> statement-breakpoint
CREATE INDEX "contact_submissions_spam_idx" ON "contact_submissions" USING btree ("created_at","id") WHERE "contact_submissions"."spam";--> statement-breakpoint
CREATE INDEX "email_outbox_auto_reply_address_idx" ON "email_outbox" USING btree (lower("to_address"),"created_at") WHERE "email_outbox"."kind" = 'auto-reply';--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_spam_reason_valid" CHECK ("contact_submissions"."spam_reason" in ('honeypot', 'too-fast', 'bad-token'));--> statement-breakpoint
-- Staff read where a lead came from, never "api": the site's own form posted as "api", and an
-- enquiry that carried an instant estimate came from the estimate page.
UPDATE "contact_submissions" SET "source" = 'estimate' WHERE "source" <> 'chat' AND "estimate" IS NOT NULL;--> statement-breakpoint
UPDATE "contact_submissions" SET "source" = 'contact-form' WHERE "source" = 'api';
