ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
-- E-mails given up before this column existed: dated when they were queued, so staff still see them.
UPDATE "email_outbox" SET "failed_at" = "created_at" WHERE "status" = 'failed';
