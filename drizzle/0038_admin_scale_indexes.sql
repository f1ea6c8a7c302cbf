-- Hand-written: a job made into two projects before projects_job_idx (a race the code's check
-- missed) keeps the job on its first project only, so the unique index can be built.
UPDATE "projects" SET "job_id" = NULL WHERE "job_id" IS NOT NULL AND "id" <> (SELECT min(p."id") FROM "projects" p WHERE p."job_id" = "projects"."job_id");--> statement-breakpoint
DROP INDEX "contact_submissions_follow_up_idx";--> statement-breakpoint
CREATE INDEX "contact_submissions_inbox_idx" ON "contact_submissions" USING btree ("created_at","id") WHERE not "contact_submissions"."spam";--> statement-breakpoint
CREATE UNIQUE INDEX "projects_job_idx" ON "projects" USING btree ("job_id") WHERE "projects"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "invoices_paid_drafts_idx" ON "invoices" USING btree ("id") WHERE "invoices"."status" = 'draft' and ("invoices"."paid_cents" > 0 or "invoices"."rct_cents" > 0);--> statement-breakpoint
CREATE INDEX "contact_submissions_follow_up_idx" ON "contact_submissions" USING btree ("follow_up_at","id") WHERE "contact_submissions"."follow_up_at" is not null and "contact_submissions"."status" not in ('won', 'lost');