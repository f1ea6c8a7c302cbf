CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "source" text DEFAULT 'contact-form' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "referrer" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "utm" jsonb;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "lead_quality" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "transcript" jsonb;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_submission_idx" ON "email_outbox" USING btree ("submission_id");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_idempotency_key_unique" UNIQUE("idempotency_key");